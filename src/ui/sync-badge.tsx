// The sync state on every screen (top bar): online or offline, changes waiting, changes that
// need attention, and when the device last heard from the server. Opens the device page.
import { Badge, Group, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSyncStatus } from '../sync/sync-context';
import { formatTime } from '../../domain/date-format';

export function SyncBadge() {
  const { t, i18n } = useTranslation();
  const s = useSyncStatus();
  const last = s.lastSyncAt ? formatTime(s.lastSyncAt, i18n.language) : null;
  const details = [
    last ? t('sync.lastSync', { time: last }) : t('sync.neverSynced'),
    s.phase === 'needs-login' ? t('sync.needsLogin') : null,
  ].filter(Boolean);
  const tip = [s.online ? t('sync.online') : t('sync.offline'), ...details].join(' · ');
  return (
    <Tooltip label={tip}>
      <Link
        to="/device"
        className="gh-sync-badge"
        data-testid="sync-status"
        data-online={s.online}
        data-pending={s.pending}
        data-rejected={s.rejected}
        data-phase={s.phase}
        data-synced={s.lastSyncAt !== null}
      >
        {/* Named by its content (the badges, then these details), so the spoken name contains
            the visible text; the online dot alone on phones is named by the hidden text. */}
        <Group gap={4} wrap="nowrap">
          {/* teal.9 and gray.7: white text on them passes AA contrast (teal.6 did not). */}
          <Badge color={s.online ? 'teal.9' : 'gray.7'} variant="filled" size="sm" className="gh-hide-narrow">
            {s.online ? t('sync.online') : t('sync.offline')}
          </Badge>
          <span className={`gh-sync-dot gh-show-narrow ${s.online ? 'is-online' : ''}`} aria-hidden="true" />
          <span className="gh-visually-hidden gh-show-narrow">{s.online ? t('sync.online') : t('sync.offline')}</span>
          {s.pending > 0 ? (
            <Badge color="yellow" variant="filled" autoContrast size="sm" data-testid="sync-pending">
              <span className="gh-hide-narrow">{t('sync.pendingCount', { count: s.pending })}</span>
              <span className="gh-show-narrow">{s.pending}</span>
            </Badge>
          ) : null}
          {s.rejected > 0 ? (
            <Badge color="red.9" variant="filled" size="sm">
              <span className="gh-hide-narrow">{t('sync.rejectedCount', { count: s.rejected })}</span>
              <span className="gh-show-narrow">{s.rejected}</span>
            </Badge>
          ) : null}
          <span className="gh-visually-hidden">{` · ${details.join(' · ')}`}</span>
        </Group>
      </Link>
    </Tooltip>
  );
}

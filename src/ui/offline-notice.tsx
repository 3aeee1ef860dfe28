// The one offline notice every page shows: the device is offline, and either
// the page shows what this device holds with its age ("as of 14:02", the last sync), or its
// data lives on the server only and loads once the device is back online. Never "could not be
// loaded" because the network is down.
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatTime } from '../../domain/date-format';
import { useSyncStatus } from '../sync/sync-context';

const DAY_MS = 86_400_000;

export interface OfflineNoticeProps {
  /** 'device': the page shows the device's copy; 'server': nothing of it is kept on the device. */
  kind?: 'device' | 'server';
  /** When the shown data was current (epoch ms); the last sync when not given. */
  asOf?: number | null;
  /** Show even while the browser says it is online (the server did not answer). */
  force?: boolean;
  testId?: string;
  now?: number;
}

/** "14:02" today, else the date and time: an age a person can read at a glance. */
export function ageLabel(at: number, lang: string, now = Date.now()): string {
  return now - at < DAY_MS && new Date(at).getDate() === new Date(now).getDate()
    ? formatTime(at, lang)
    : formatDateTime(at, lang);
}

export function OfflineNotice({
  kind = 'device',
  asOf,
  force = false,
  testId = 'offline-notice',
  now,
}: OfflineNoticeProps) {
  const { t, i18n } = useTranslation();
  const { online, lastSyncAt } = useSyncStatus();
  if (online && !force) return null;
  const at = asOf === undefined ? lastSyncAt : asOf;
  const body =
    kind === 'server'
      ? t('offlineNotice.serverOnly')
      : at
        ? t('offlineNotice.asOf', { time: ageLabel(at, i18n.language, now) })
        : t('offlineNotice.neverSynced');
  return (
    <Alert color="yellow" title={t('offlineNotice.title')} data-testid={testId} data-kind={kind} role="status">
      {body}
    </Alert>
  );
}

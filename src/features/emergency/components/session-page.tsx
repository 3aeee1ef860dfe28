// /emergency-sessions/:sessionName/:sessionId: the roll call of one incident, from this
// device's data. Wardens mark people (offline too), settle conflicts and end the session; the
// summary, CSV export and print view come from the same derived roll call as the server's.
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications, notificationsStore } from '@mantine/notifications';
import { Navigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { v7 as uuidv7 } from 'uuid';
import type { MarkableStatus, RollCallStatus } from '../../../../domain/emergency';
import { byName } from '../../../../domain/emergency-list';
import { filterRollCall, summarise } from '../../../../domain/emergency-roll-call';
import { groupOfSession, isActive } from '../../../../domain/emergency-sessions';
import { isAllowed } from '../../../../domain/permissions';
import type { PresenceEvent } from '../../../../domain/presence';
import { useStoredUser } from '../../../api/session';
import { useSync } from '../../../sync/sync-context';
import { PageTitle } from '../../../ui/page-title';
import { byRank } from '../data/rank-order';
import { usePeopleAndEvents, usePlaces, useRollCall, useSessions } from '../data/use-emergency';
import { timed } from '../timing';
import { EndSessionButton } from './end-session-button';
import { printAll, useClock } from './format';
import { FreshnessLine } from './freshness-line';
import { exportRollCall } from './roll-call-export';
import { RollCallRow } from './roll-call-row';
import { PlaceFiltersToggle, SessionFilters } from './session-filters';
import { sessionPath } from '../../../../domain/warden-landing';
import { SessionSummary } from './session-summary';
import './emergency.css';

const SHOWN = 100;
const STATUS_TOAST = 'emergency-status-updated';

const toastShown = (id: string) => {
  const { notifications: shown, queue } = notificationsStore.getState();
  return shown.some((n) => n.id === id) || queue.some((n) => n.id === id);
};

export function SessionPage() {
  const { t } = useTranslation();
  const { sessionId = '' } = useParams();
  const sync = useSync();
  const permissions = useStoredUser()?.data.user.role.permissions ?? {};
  const canMark = isAllowed(permissions, 'emergency') && sync !== null;
  const { dateTime } = useClock();
  const places = usePlaces();
  const { groups, sessions, ready: sessionsReady } = useSessions();
  const { people, events } = usePeopleAndEvents();
  const group = groupOfSession(groups, sessionId);
  const { entries, pendingPeople, ready } = useRollCall(group, places, events as PresenceEvent[] | undefined);

  const [siteIds, setSiteIds] = useState<string[]>([]);
  const [areaIds, setAreaIds] = useState<string[]>([]);
  const [status, setStatus] = useState<RollCallStatus | null>(null);
  const [conflictsOnly, setConflictsOnly] = useState(false);
  const [search, setSearch] = useState('');
  const [showAll, setShowAll] = useState(false);
  const [placesOpen, setPlacesOpen] = useState(false);
  const query = useDeferredValue(search.trim().toLocaleLowerCase());

  const nameOf = useCallback(
    (id: string | null) => (id && people?.get(id)?.fullName) || t('emergency.session.kiosk'),
    [people, t],
  );
  // People in name order, ranked once per change of people (not re-sorted with a collator on every mark).
  const rank = useMemo(
    () =>
      new Map(
        [...(people?.values() ?? [])].sort((a, b) => byName.compare(a.fullName, b.fullName)).map((p, i) => [p.id, i]),
      ),
    [people],
  );
  const placed = useMemo(() => filterRollCall(entries, { siteIds, areaIds }), [entries, siteIds, areaIds]);
  const summary = useMemo(() => (group ? summarise(placed, group) : null), [placed, group]);
  const shown = useMemo(
    () =>
      byRank(
        filterRollCall(placed, { statuses: status ? [status] : [], conflictsOnly }).filter(
          (e) => !query || (people?.get(e.personId)?.fullName ?? '').toLocaleLowerCase().includes(query),
        ),
        rank,
      ),
    [placed, status, conflictsOnly, query, people, rank],
  );

  const groupSites = group?.siteIds.join(',') ?? '';
  const siteChoices = useMemo(
    () => (groupSites ? groupSites.split(',') : []).map((s) => ({ value: s, label: places.siteName.get(s) ?? s })),
    [groupSites, places.siteName],
  );
  const areaChoices = useMemo(() => {
    const within = siteIds.length ? siteIds : groupSites.split(',');
    return places.areas.filter((a) => within.includes(String(a.siteId))).map((a) => ({ value: a.id, label: a.name }));
  }, [siteIds, groupSites, places.areas]);
  const onSites = useCallback((v: string[]) => {
    setSiteIds(v);
    setAreaIds([]);
  }, []);

  const groupId = group?.id;
  const onMark = useCallback(
    (personId: string, mark: MarkableStatus, settles: boolean) => {
      if (!sync || !groupId) return;
      void timed('gh:emergency-mark-commit', () =>
        sync.record('emergency.mark', {
          markId: uuidv7(),
          sessionId: groupId,
          personId,
          status: mark,
          at: Date.now(),
          ...(settles ? { settles: true } : {}),
        }),
      ).then((result) => {
        // At the bottom: a toast at the top would cover the numbers after every mark. Shown
        // once while it is up: showing it again (a no-op for the same id) still re-renders
        // every toast, and that work delays the next tap's write.
        if (result.ok && !toastShown(STATUS_TOAST))
          notifications.show({
            id: STATUS_TOAST,
            color: 'teal',
            message: t('emergency.toast.statusUpdated'),
            autoClose: 1500,
            position: 'bottom-center',
          });
      });
    },
    [sync, groupId, t],
  );

  if (!group) {
    return (
      <Stack gap="md">
        <PageTitle>{t('routes.emergencySession')}</PageTitle>
        <Text c="dimmed" data-testid="session-missing">
          {sessionsReady ? t('emergency.session.notFound') : t('common.loading')}
        </Text>
      </Stack>
    );
  }
  // Any member of a merged incident opens the incident under its canonical id.
  if (group.id !== sessionId) return <Navigate to={sessionPath(group)} replace />;

  const active = isActive(group);
  const refused = group.memberIds.map((id) => sessions.get(id)?.endRefused).find(Boolean);
  const visible = showAll ? shown : shown.slice(0, SHOWN);

  return (
    <Stack
      gap="sm"
      className="gh-print-root"
      data-testid="session-page"
      data-session-id={group.id}
      data-active={active}
      data-members={group.memberIds.length}
    >
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <PageTitle>{group.name}</PageTitle>
          <Group gap="xs" mb={4}>
            <Badge color={active ? 'red' : 'gray'} variant={active ? 'filled' : 'light'} data-testid="session-state">
              {active ? t('emergency.sessions.active') : t('emergency.sessions.ended')}
            </Badge>
            <Text size="sm" c="dimmed">
              {group.siteIds.map((s) => places.siteName.get(s) ?? '').join(', ')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('emergency.sessions.startedAt', { time: dateTime(group.startedAt) })}
            </Text>
          </Group>
          <FreshnessLine />
        </div>
        <Group gap="xs" className="gh-no-print">
          <Button variant="default" size="xs" onClick={() => printAll(setShowAll)}>
            {t('emergency.print')}
          </Button>
          <Button
            variant="default"
            size="xs"
            data-testid="export-session"
            onClick={() => exportRollCall({ group, entries: placed, t, nameOf, people, places })}
          >
            {t('emergency.exportCsv')}
          </Button>
          <PlaceFiltersToggle
            open={placesOpen}
            chosen={siteIds.length + areaIds.length}
            onToggle={() => setPlacesOpen((o) => !o)}
          />
          {active && isAllowed(permissions, 'emergency') ? <EndSessionButton sessionId={group.id} /> : null}
        </Group>
      </Group>
      {refused ? (
        <Alert color="red" data-testid="end-refused" title={t('emergency.session.endRefusedTitle')}>
          {refused}
        </Alert>
      ) : null}
      {summary ? (
        <SessionSummary
          summary={summary}
          statusFilter={status}
          onStatus={setStatus}
          conflictsOnly={conflictsOnly}
          onConflictsOnly={setConflictsOnly}
        />
      ) : null}

      <SessionFilters
        search={search}
        onSearch={setSearch}
        siteIds={siteIds}
        onSites={onSites}
        siteChoices={siteChoices}
        areaIds={areaIds}
        onAreas={setAreaIds}
        areaChoices={areaChoices}
        open={placesOpen}
      />

      {!ready ? (
        <Text c="dimmed">{t('common.loading')}</Text>
      ) : (
        <Paper withBorder radius="md" px="sm" py={4} data-testid="roll-call" data-count={shown.length}>
          {shown.length === 0 ? (
            <Text c="dimmed">{t('emergency.list.noMatch')}</Text>
          ) : (
            visible.map((e) => (
              <RollCallRow
                key={e.personId}
                entry={e}
                name={nameOf(e.personId)}
                pending={pendingPeople.has(e.personId)}
                canMark={canMark}
                where={[
                  e.siteId ? places.siteName.get(e.siteId) : null,
                  e.areaId ? places.areaName.get(e.areaId) : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
                nameOf={nameOf}
                onMark={onMark}
              />
            ))
          )}
          {visible.length < shown.length ? (
            <Button mt="sm" variant="light" onClick={() => setShowAll(true)} className="gh-no-print">
              {t('emergency.showAll', { count: shown.length })}
            </Button>
          ) : null}
        </Paper>
      )}
    </Stack>
  );
}

// /emergency-list: everyone on site now, from this device's own data (works offline), grouped
// and filtered by site, area and user type, searchable, printable and exportable as CSV.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { toCsv, isoTime } from '../../../../domain/emergency-csv';
import { filterList, groupList } from '../../../../domain/emergency-list';
import { isAllowed } from '../../../../domain/permissions';
import { useStoredUser } from '../../../api/session';
import { PageTitle } from '../../../ui/page-title';
import { useOnSite, usePlaces } from '../data/use-emergency';
import { markReady } from '../timing';
import { download, printAll } from './format';
import { FreshnessLine } from './freshness-line';
import { ListFilters, type GroupBy } from './list-filters';
import { OnSiteGroup } from './on-site-group';
import { OnSiteVirtualList } from './on-site-virtual-list';
import './emergency.css';

/** Longer lists render only the rows near the viewport (printing renders them all). */
const VIRTUAL_FROM = 100;

export function EmergencyListPage() {
  const { t } = useTranslation();
  const mounted = useRef(performance.now());
  const places = usePlaces();
  const { rows, ready } = useOnSite(places);
  const permissions = useStoredUser()?.data.user.role.permissions ?? {};
  // Set in a transition by the search box, which shows the text at once.
  const [query, setQuery] = useState('');
  const [siteId, setSiteId] = useState<string | null>(null);
  const [areaId, setAreaId] = useState<string | null>(null);
  const [userTypeId, setUserTypeId] = useState<string | null>(null);
  const [groupBy, setGroupBy] = useState<GroupBy>('siteId');
  const [showAll, setShowAll] = useState(false);

  const filtered = useMemo(
    () => filterList(rows, { siteId, areaId, userTypeId, search: query }),
    [rows, siteId, areaId, userTypeId, query],
  );
  const virtualised = !showAll && filtered.length > VIRTUAL_FROM;
  const groups = useMemo(() => groupList(filtered, groupBy), [filtered, groupBy]);
  const countOf = useMemo(() => {
    const counts = new Map<string | null, number>();
    for (const r of filtered) counts.set(r[groupBy], (counts.get(r[groupBy]) ?? 0) + 1);
    return counts;
  }, [filtered, groupBy]);

  useEffect(() => {
    if (ready) markReady('gh:emergency-list-ready', mounted.current);
  }, [ready]);

  const nameOf = useCallback(
    (by: GroupBy, key: string | null) => {
      const names = by === 'siteId' ? places.siteName : by === 'areaId' ? places.areaName : places.userTypeName;
      return (key && names.get(key)) || t(`emergency.list.none.${by}`);
    },
    [places, t],
  );

  function exportCsv() {
    const header = ['name', 'phone', 'userType', 'site', 'area', 'host', 'signedInAt'].map((k) =>
      t(`emergency.csv.${k}`),
    );
    const body = filtered.map((r) => [
      r.fullName,
      r.phone,
      nameOf('userTypeId', r.userTypeId),
      nameOf('siteId', r.siteId),
      nameOf('areaId', r.areaId),
      r.hostName,
      isoTime(r.since),
    ]);
    download(`emergency-list-${isoTime(Date.now()).slice(0, 16).replace(':', '')}.csv`, toCsv(header, body));
  }

  const siteChoices = useMemo(() => places.sites.map((s) => ({ value: s.id, label: s.name })), [places.sites]);
  const areaChoices = useMemo(
    () => places.areas.filter((a) => !siteId || a.siteId === siteId).map((a) => ({ value: a.id, label: a.name })),
    [places.areas, siteId],
  );
  const userTypeChoices = useMemo(
    () => places.userTypes.map((u) => ({ value: u.id, label: u.name })),
    [places.userTypes],
  );
  const onSite = useCallback((v: string | null) => {
    setSiteId(v);
    setAreaId(null);
  }, []);
  return (
    <Stack gap="md" className="gh-print-root">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <PageTitle>{t('routes.emergencyList')}</PageTitle>
          <FreshnessLine />
        </div>
        <Group gap="xs" className="gh-no-print">
          {isAllowed(permissions, 'emergency') ? (
            <Button component={Link} to="/emergency-sessions" color="red" data-testid="go-sessions">
              {t('emergency.list.startSession')}
            </Button>
          ) : null}
          <Button variant="default" onClick={() => printAll(setShowAll)}>
            {t('emergency.print')}
          </Button>
          <Button variant="default" onClick={exportCsv} data-testid="export-list">
            {t('emergency.exportCsv')}
          </Button>
        </Group>
      </Group>

      <ListFilters
        onSearch={setQuery}
        siteId={siteId}
        onSite={onSite}
        siteChoices={siteChoices}
        areaId={areaId}
        onArea={setAreaId}
        areaChoices={areaChoices}
        userTypeId={userTypeId}
        onUserType={setUserTypeId}
        userTypeChoices={userTypeChoices}
        groupBy={groupBy}
        onGroupBy={setGroupBy}
      />

      <Group gap="xs">
        <Badge size="lg" color="red" variant="filled" data-testid="on-site-total" data-count={filtered.length}>
          {t('emergency.list.onSite', { count: filtered.length })}
        </Badge>
        {filtered.length !== rows.length ? (
          <Text size="sm" c="dimmed">
            {t('emergency.list.ofTotal', { total: rows.length })}
          </Text>
        ) : null}
      </Group>

      {!ready ? (
        <Text c="dimmed">{t('common.loading')}</Text>
      ) : rows.length === 0 ? (
        <Paper withBorder p="lg" radius="md">
          <Text>{t('emergency.list.empty')}</Text>
        </Paper>
      ) : filtered.length === 0 ? (
        <Text c="dimmed">{t('emergency.list.noMatch')}</Text>
      ) : (
        <Stack gap="md" data-testid="on-site-list" data-count={filtered.length}>
          {virtualised ? (
            <OnSiteVirtualList groups={groups} groupBy={groupBy} countOf={countOf} nameOf={nameOf} />
          ) : (
            groups.map((g) => (
              <OnSiteGroup
                key={g.key ?? 'none'}
                title={nameOf(groupBy, g.key)}
                count={countOf.get(g.key) ?? g.rows.length}
                rows={g.rows}
                nameOf={nameOf}
              />
            ))
          )}
        </Stack>
      )}
    </Stack>
  );
}

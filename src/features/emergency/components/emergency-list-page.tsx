// /emergency-list: everyone on site now, from this device's own data (works offline), grouped
// and filtered by site, area and user type, searchable, printable and exportable as CSV.
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Badge, Button, Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
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
import { OnSiteGroup } from './on-site-group';
import { OnSiteVirtualList } from './on-site-virtual-list';
import './emergency.css';

type GroupBy = 'siteId' | 'areaId' | 'userTypeId';
/** Longer lists render only the rows near the viewport (printing renders them all). */
const VIRTUAL_FROM = 100;

export function EmergencyListPage() {
  const { t } = useTranslation();
  const mounted = useRef(performance.now());
  const places = usePlaces();
  const { rows, ready } = useOnSite(places);
  const permissions = useStoredUser()?.data.user.role.permissions ?? {};
  const [search, setSearch] = useState('');
  const [siteId, setSiteId] = useState<string | null>(null);
  const [areaId, setAreaId] = useState<string | null>(null);
  const [userTypeId, setUserTypeId] = useState<string | null>(null);
  const [groupBy, setGroupBy] = useState<GroupBy>('siteId');
  const [showAll, setShowAll] = useState(false);
  const query = useDeferredValue(search);

  const filtered = useMemo(() => filterList(rows, { siteId, areaId, userTypeId, search: query }), [rows, siteId, areaId, userTypeId, query]);
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

  const nameOf = useCallback((by: GroupBy, key: string | null) => {
    const names = by === 'siteId' ? places.siteName : by === 'areaId' ? places.areaName : places.userTypeName;
    return (key && names.get(key)) || t(`emergency.list.none.${by}`);
  }, [places, t]);

  function exportCsv() {
    const header = ['name', 'phone', 'userType', 'site', 'area', 'host', 'signedInAt'].map((k) => t(`emergency.csv.${k}`));
    const body = filtered.map((r) => [r.fullName, r.phone, nameOf('userTypeId', r.userTypeId), nameOf('siteId', r.siteId), nameOf('areaId', r.areaId), r.hostName, isoTime(r.since)]);
    download(`emergency-list-${isoTime(Date.now()).slice(0, 16).replace(':', '')}.csv`, toCsv(header, body));
  }

  const areaChoices = places.areas.filter((a) => !siteId || a.siteId === siteId);
  return (
    <Stack gap="md" className="gh-print-root">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <PageTitle>{t('routes.emergencyList')}</PageTitle>
          <FreshnessLine />
        </div>
        <Group gap="xs" className="gh-no-print">
          {isAllowed(permissions, 'emergency') ? (
            <Button component={Link} to="/emergency-sessions" color="red" data-testid="go-sessions">{t('emergency.list.startSession')}</Button>
          ) : null}
          <Button variant="default" onClick={() => printAll(setShowAll)}>{t('emergency.print')}</Button>
          <Button variant="default" onClick={exportCsv} data-testid="export-list">{t('emergency.exportCsv')}</Button>
        </Group>
      </Group>

      <Paper withBorder radius="md" p="md" className="gh-no-print">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <TextInput label={t('emergency.list.search')} value={search} onChange={(e) => setSearch(e.currentTarget.value)}
            data-testid="list-search" type="search" />
          <Select label={t('emergency.list.site')} placeholder={t('emergency.list.allSites')} clearable value={siteId}
            onChange={(v) => { setSiteId(v); setAreaId(null); }} data={places.sites.map((s) => ({ value: s.id, label: s.name }))} data-testid="list-site" />
          <Select label={t('emergency.list.area')} placeholder={t('emergency.list.allAreas')} clearable value={areaId}
            onChange={setAreaId} data={areaChoices.map((a) => ({ value: a.id, label: a.name }))} />
          <Select label={t('emergency.list.userType')} placeholder={t('emergency.list.allUserTypes')} clearable value={userTypeId}
            onChange={setUserTypeId} data={places.userTypes.map((u) => ({ value: u.id, label: u.name }))} />
        </SimpleGrid>
        <Group mt="sm" gap="xs" wrap="wrap">
          <Text size="sm" c="dimmed">{t('emergency.list.groupBy')}</Text>
          <SegmentedControl size="xs" value={groupBy} onChange={(v) => setGroupBy(v as GroupBy)} data={[
            { value: 'siteId', label: t('emergency.list.site') },
            { value: 'areaId', label: t('emergency.list.area') },
            { value: 'userTypeId', label: t('emergency.list.userType') },
          ]} />
        </Group>
      </Paper>

      <Group gap="xs">
        <Badge size="lg" color="red" variant="filled" data-testid="on-site-total" data-count={filtered.length}>
          {t('emergency.list.onSite', { count: filtered.length })}
        </Badge>
        {filtered.length !== rows.length ? <Text size="sm" c="dimmed">{t('emergency.list.ofTotal', { total: rows.length })}</Text> : null}
      </Group>

      {!ready ? <Text c="dimmed">{t('common.loading')}</Text> : rows.length === 0 ? (
        <Paper withBorder p="lg" radius="md"><Text>{t('emergency.list.empty')}</Text></Paper>
      ) : filtered.length === 0 ? (
        <Text c="dimmed">{t('emergency.list.noMatch')}</Text>
      ) : (
        <Stack gap="md" data-testid="on-site-list" data-count={filtered.length}>
          {virtualised ? <OnSiteVirtualList groups={groups} groupBy={groupBy} countOf={countOf} nameOf={nameOf} /> : groups.map((g) => (
            <OnSiteGroup key={g.key ?? 'none'} title={nameOf(groupBy, g.key)} count={countOf.get(g.key) ?? g.rows.length}
              rows={g.rows} nameOf={nameOf} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

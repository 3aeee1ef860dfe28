// The history report's filters: date range (DD/MM/YYYY, weeks from Monday), site, area, user
// type, person, status, host, stage and checks. Every change goes to the URL through onChange.
// On a phone all but the date range sit behind one "Filters" button, so the results come first.
import { Button, Collapse, Group, Select, TextInput, useMatches } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '../../../ui/date-range-filter';
import { VISIT_STATUSES } from '../../../../domain/logbook';
import { useDb } from '../../../db/db-context';
import type { HistoryParams } from '../hooks/history-params';

const CLEARED: Partial<HistoryParams> = {
  from: undefined,
  to: undefined,
  site: undefined,
  area: undefined,
  userType: undefined,
  person: undefined,
  status: undefined,
  host: undefined,
  stage: undefined,
  checks: undefined,
  page: 1,
};

const MORE_ID = 'history-more-filters';
const MORE: Array<keyof HistoryParams> = ['site', 'area', 'userType', 'person', 'status', 'host', 'stage', 'checks'];

export function HistoryFilters({
  params,
  onChange,
}: {
  params: HistoryParams;
  onChange: (next: Partial<HistoryParams>) => void;
}) {
  const { t } = useTranslation();
  const db = useDb();
  const sites = useLiveQuery(() => db.sites.toArray(), [db]) ?? [];
  const areas = useLiveQuery(() => db.areas.toArray(), [db]) ?? [];
  const types = useLiveQuery(() => db.userTypes.toArray(), [db]) ?? [];
  const people = useLiveQuery(() => db.people.toArray(), [db]) ?? [];
  const shownAreas = areas.filter((a) => !params.site || a.siteId === params.site);
  const set = (patch: Partial<HistoryParams>) => onChange({ ...patch, page: 1 });
  const options = (rows: Array<{ id: string; name: string }>) => rows.map((r) => ({ value: r.id, label: r.name }));
  const w = { base: '100%', xs: 180 };
  // Read at once, not after a first paint, so a desktop never flashes the phone's closed filters.
  const phone = useMatches({ base: true, sm: false }, { getInitialValueInEffect: false });
  const [open, { toggle }] = useDisclosure(false);
  const chosen = MORE.filter((k) => params[k] !== undefined).length;

  const dates = (
    <DateRangeFilter
      label={t('reports.filters.dates')}
      placeholder={t('reports.filters.lastDays')}
      value={{ from: params.from, to: params.to }}
      onChange={({ from, to }) => set({ from, to })}
      testId="filter-dates"
    />
  );
  const more = (
    <>
      <Select
        label={t('reports.filters.site')}
        data={options(sites)}
        value={params.site ?? null}
        clearable
        w={w}
        onChange={(v) => set({ site: v ?? undefined, area: undefined })}
        data-testid="filter-site"
      />
      <Select
        label={t('reports.filters.area')}
        data={options(shownAreas)}
        value={params.area ?? null}
        clearable
        w={w}
        onChange={(v) => set({ area: v ?? undefined })}
        data-testid="filter-area"
      />
      <Select
        label={t('reports.filters.userType')}
        data={options(types)}
        value={params.userType ?? null}
        clearable
        w={w}
        onChange={(v) => set({ userType: v ?? undefined })}
        data-testid="filter-user-type"
      />
      <Select
        label={t('reports.filters.person')}
        data={people.map((p) => ({ value: p.id, label: p.fullName }))}
        value={params.person ?? null}
        searchable
        clearable
        limit={50}
        w={{ base: '100%', xs: 200 }}
        onChange={(v) => set({ person: v ?? undefined })}
        data-testid="filter-person"
      />
      <Select
        label={t('reports.filters.status')}
        data={VISIT_STATUSES.map((s) => ({ value: s, label: t(`logbook.statuses.${s}`) }))}
        value={params.status ?? null}
        clearable
        w={w}
        onChange={(v) => set({ status: (v ?? undefined) as HistoryParams['status'] })}
        data-testid="filter-status"
      />
      <TextInput
        label={t('reports.filters.host')}
        value={params.host ?? ''}
        w={w}
        onChange={(e) => set({ host: e.currentTarget.value || undefined })}
        data-testid="filter-host"
      />
      <TextInput
        label={t('reports.filters.stage')}
        value={params.stage ?? ''}
        w={w}
        onChange={(e) => set({ stage: e.currentTarget.value || undefined })}
        data-testid="filter-stage"
      />
      <Select
        label={t('reports.filters.checks')}
        data={[
          { value: 'with', label: t('reports.filters.checksWith') },
          { value: 'without', label: t('reports.filters.checksWithout') },
        ]}
        value={params.checks ?? null}
        clearable
        w={w}
        onChange={(v) => set({ checks: (v ?? undefined) as HistoryParams['checks'] })}
        data-testid="filter-checks"
      />
      <Button variant="subtle" onClick={() => onChange(CLEARED)} data-testid="filter-clear">
        {t('reports.filters.clear')}
      </Button>
    </>
  );

  if (!phone)
    return (
      <Group gap="sm" align="flex-end" wrap="wrap" data-testid="history-filters">
        {dates}
        {more}
      </Group>
    );
  return (
    <div data-testid="history-filters">
      <Group gap="sm" align="flex-end" wrap="nowrap">
        <div style={{ flex: 1, minWidth: 0 }}>{dates}</div>
        <Button
          variant={chosen ? 'light' : 'default'}
          onClick={toggle}
          aria-expanded={open}
          aria-controls={MORE_ID}
          data-testid="history-filters-toggle"
        >
          {chosen ? t('reports.filters.moreCount', { count: chosen }) : t('reports.filters.more')}
        </Button>
      </Group>
      <Collapse expanded={open} id={MORE_ID} keepMountedMode="display-none">
        <Group gap="sm" align="flex-end" wrap="wrap" pt="sm">
          {more}
        </Group>
      </Collapse>
    </div>
  );
}

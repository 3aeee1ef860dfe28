// The history report's filters: date range (DD/MM/YYYY, weeks from Monday), site, area, user
// type, person, status, host, stage and checks. Every change goes to the URL through onChange.
import { Button, Group, Select, TextInput } from '@mantine/core';
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

  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="history-filters">
      <DateRangeFilter
        label={t('reports.filters.dates')}
        placeholder={t('reports.filters.lastDays')}
        value={{ from: params.from, to: params.to }}
        onChange={({ from, to }) => set({ from, to })}
        testId="filter-dates"
      />
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
    </Group>
  );
}

// Filters of the timesheet and time reports: date range (DD/MM/YYYY, weeks from Monday), site,
// user type and person. Every change goes to the URL through onChange and back to page 1.
import { Button, Group, Select } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '../../../ui/date-range-filter';
import { useDb } from '../../../db/db-context';
import type { TimesheetParams } from '../hooks/timesheet-params';

export function TimesheetFilters({
  params,
  onChange,
}: {
  params: TimesheetParams;
  onChange: (next: TimesheetParams) => void;
}) {
  const { t } = useTranslation();
  const db = useDb();
  const sites = useLiveQuery(() => db.sites.toArray(), [db]) ?? [];
  const types = useLiveQuery(() => db.userTypes.toArray(), [db]) ?? [];
  const people = useLiveQuery(() => db.people.toArray(), [db]) ?? [];
  const set = (patch: Partial<TimesheetParams>) => onChange({ ...params, ...patch, page: 1 });
  const options = (rows: Array<{ id: string; name: string }>) => rows.map((r) => ({ value: r.id, label: r.name }));
  const w = { base: '100%', xs: 200 };

  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="timesheet-filters">
      <DateRangeFilter
        label={t('timesheet.filters.dates')}
        placeholder={t('timesheet.filters.lastDays')}
        value={{ from: params.from, to: params.to }}
        onChange={({ from, to }) => set({ from, to })}
        testId="timesheet-filter-dates"
      />
      <Select
        label={t('timesheet.filters.site')}
        data={options(sites)}
        value={params.site ?? null}
        clearable
        w={w}
        onChange={(v) => set({ site: v ?? undefined })}
        data-testid="timesheet-filter-site"
      />
      <Select
        label={t('timesheet.filters.userType')}
        data={options(types)}
        value={params.userType ?? null}
        clearable
        w={w}
        onChange={(v) => set({ userType: v ?? undefined })}
        data-testid="timesheet-filter-user-type"
      />
      <Select
        label={t('timesheet.filters.person')}
        data={people.map((p) => ({ value: p.id, label: p.fullName }))}
        value={params.person ?? null}
        searchable
        clearable
        limit={50}
        w={w}
        onChange={(v) => set({ person: v ?? undefined })}
        data-testid="timesheet-filter-person"
      />
      <Button variant="subtle" onClick={() => onChange({ page: 1 })} data-testid="timesheet-filter-clear">
        {t('timesheet.filters.clear')}
      </Button>
    </Group>
  );
}

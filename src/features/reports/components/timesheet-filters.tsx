// Filters of the timesheet and time reports: date range (DD/MM/YYYY, weeks from Monday), site,
// user type and person. Every change goes to the URL through onChange and back to page 1.
import { Button, Group, Select } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.layer.css';
import 'dayjs/locale/ar';
import 'dayjs/locale/es';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { DATE_PATTERN, FIRST_DAY_OF_WEEK } from '../../../../domain/date-format';
import { useDb } from '../../../db/db-context';
import type { TimesheetParams } from '../hooks/timesheet-params';

export function TimesheetFilters({
  params,
  onChange,
}: {
  params: TimesheetParams;
  onChange: (next: TimesheetParams) => void;
}) {
  const { t, i18n } = useTranslation();
  const db = useDb();
  const sites = useLiveQuery(() => db.sites.toArray(), [db]) ?? [];
  const types = useLiveQuery(() => db.userTypes.toArray(), [db]) ?? [];
  const people = useLiveQuery(() => db.people.toArray(), [db]) ?? [];
  const set = (patch: Partial<TimesheetParams>) => onChange({ ...params, ...patch, page: 1 });
  const options = (rows: Array<{ id: string; name: string }>) => rows.map((r) => ({ value: r.id, label: r.name }));
  const w = { base: '100%', xs: 200 };

  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="timesheet-filters">
      <DatePickerInput
        type="range"
        allowSingleDateInRange
        label={t('timesheet.filters.dates')}
        placeholder={t('timesheet.filters.lastDays')}
        valueFormat={DATE_PATTERN}
        firstDayOfWeek={FIRST_DAY_OF_WEEK}
        locale={i18n.language}
        clearable
        w={{ base: '100%', xs: 240 }}
        value={[params.from ?? null, params.to ?? params.from ?? null]}
        onChange={([from, to]) => {
          if (!from || to) set({ from: from ?? undefined, to: to ?? undefined });
        }}
        data-testid="timesheet-filter-dates"
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

// The logbook's filters: date range (DD/MM/YYYY, weeks from Monday), site, area, user type,
// status and a name search. Every change goes to the URL through `onChange`.
import { Button, Group, Select, TextInput } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { VISIT_STATUSES } from '../../../../domain/logbook';
import { useDb } from '../../../db/db-context';
import { DateRangeFilter } from '../../../ui/date-range-filter';
import type { LogbookParams } from '../hooks/logbook-params';

export function LogbookFilters({
  params,
  onChange,
}: {
  params: LogbookParams;
  onChange: (next: Partial<LogbookParams>) => void;
}) {
  const { t } = useTranslation();
  const db = useDb();
  const sites = useLiveQuery(() => db.sites.toArray(), [db]) ?? [];
  const areas = useLiveQuery(() => db.areas.toArray(), [db]) ?? [];
  const types = useLiveQuery(() => db.userTypes.toArray(), [db]) ?? [];
  const shownAreas = areas.filter((a) => !params.siteId || a.siteId === params.siteId);
  const set = (patch: Partial<LogbookParams>) => onChange({ ...patch, page: 1 });
  const options = (rows: Array<{ id: string; name: string }>) => rows.map((r) => ({ value: r.id, label: r.name }));

  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="logbook-filters">
      <DateRangeFilter
        label={t('logbook.dates')}
        placeholder={t('logbook.today')}
        value={{ from: params.from, to: params.to }}
        onChange={({ from, to }) => set({ from, to })}
        testId="filter-dates"
      />
      <Select
        label={t('logbook.site')}
        data={options(sites)}
        value={params.siteId ?? null}
        clearable
        w={170}
        onChange={(v) => set({ siteId: v ?? undefined, areaId: undefined })}
        data-testid="filter-site"
      />
      <Select
        label={t('logbook.area')}
        data={options(shownAreas)}
        value={params.areaId ?? null}
        clearable
        w={170}
        onChange={(v) => set({ areaId: v ?? undefined })}
        data-testid="filter-area"
      />
      <Select
        label={t('logbook.userType')}
        data={options(types)}
        value={params.userTypeId ?? null}
        clearable
        w={170}
        onChange={(v) => set({ userTypeId: v ?? undefined })}
        data-testid="filter-user-type"
      />
      <Select
        label={t('logbook.status')}
        data={VISIT_STATUSES.map((s) => ({ value: s, label: t(`logbook.statuses.${s}`) }))}
        value={params.status ?? null}
        clearable
        w={180}
        onChange={(v) => set({ status: (v ?? undefined) as LogbookParams['status'] })}
        data-testid="filter-status"
      />
      <TextInput
        label={t('logbook.search')}
        value={params.search ?? ''}
        w={200}
        onChange={(e) => set({ search: e.currentTarget.value || undefined })}
        data-testid="filter-search"
      />
      <Button
        variant="subtle"
        onClick={() =>
          onChange({
            from: undefined,
            to: undefined,
            siteId: undefined,
            areaId: undefined,
            userTypeId: undefined,
            status: undefined,
            search: undefined,
            page: 1,
          })
        }
      >
        {t('logbook.clear')}
      </Button>
    </Group>
  );
}

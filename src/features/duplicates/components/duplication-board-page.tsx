// /duplication-control-board: likely duplicate people in groups, side by side; the
// admin keeps one record per group, picks which value wins per field, and merges the rest into it.
import { useState } from 'react';
import { Alert, Group, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DuplicateFilter } from '../../../../domain/duplicates';
import { NeedsConnection } from '../../../ui/needs-connection';
import { PageTitle } from '../../../ui/page-title';
import { useDuplicates } from '../hooks/use-duplicates';
import { DuplicateGroupCard } from './duplicate-group-card';

type Filter = DuplicateFilter | 'all';
const FILTERS: Filter[] = ['all', 'email', 'phone', 'name'];

export function DuplicationBoardPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>('all');
  const { groups, reload, online } = useDuplicates(filter);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <PageTitle>{t('routes.duplicationBoard')}</PageTitle>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="duplicates-filter-label">
            {t('duplicates.filterBy')}
          </Text>
          <SegmentedControl
            aria-labelledby="duplicates-filter-label"
            data-testid="duplicates-filter"
            value={filter}
            onChange={(value) => setFilter(value as Filter)}
            data={FILTERS.map((f) => ({ value: f, label: t(`duplicates.filters.${f}`) }))}
          />
        </Stack>
      </Group>
      <Text c="dimmed" size="sm">
        {t('duplicates.intro')}
      </Text>
      {!groups && !online ? <NeedsConnection /> : null}
      {!groups && online ? <Skeleton height={220} radius="md" /> : null}
      {groups && groups.length === 0 ? (
        <Alert color="teal" data-testid="no-duplicates" role="status">
          {t('duplicates.none')}
        </Alert>
      ) : null}
      {(groups ?? []).map((g) => (
        <DuplicateGroupCard key={g.users.map((u) => u.id).join(':')} group={g} onMerged={reload} />
      ))}
    </Stack>
  );
}

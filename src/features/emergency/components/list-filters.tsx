// The emergency list's search box and filters. The search box keeps its own text, so a
// keystroke re-renders only the box at once; the list follows in a transition (5,000 rows
// filtered, a screenful rendered) and typing never waits for it. The panel is memoised: the
// Selects and the segmented control re-render only when their own values or choices change.
import { memo, startTransition, useState } from 'react';
import { Group, Paper, SegmentedControl, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type GroupBy = 'siteId' | 'areaId' | 'userTypeId';
type Choice = { value: string; label: string };

function SearchBox({ onSearch }: { onSearch: (v: string) => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  return (
    <TextInput
      label={t('emergency.list.search')}
      value={value}
      data-testid="list-search"
      type="search"
      onChange={(e) => {
        const next = e.currentTarget.value;
        setValue(next);
        startTransition(() => onSearch(next));
      }}
    />
  );
}

interface Props {
  onSearch: (v: string) => void;
  siteId: string | null;
  onSite: (v: string | null) => void;
  siteChoices: Choice[];
  areaId: string | null;
  onArea: (v: string | null) => void;
  areaChoices: Choice[];
  userTypeId: string | null;
  onUserType: (v: string | null) => void;
  userTypeChoices: Choice[];
  groupBy: GroupBy;
  onGroupBy: (v: GroupBy) => void;
}

export const ListFilters = memo(function ListFilters(p: Props) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md" className="gh-no-print">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <SearchBox onSearch={p.onSearch} />
        <Select
          label={t('emergency.list.site')}
          placeholder={t('emergency.list.allSites')}
          clearable
          value={p.siteId}
          onChange={p.onSite}
          data={p.siteChoices}
          data-testid="list-site"
        />
        <Select
          label={t('emergency.list.area')}
          placeholder={t('emergency.list.allAreas')}
          clearable
          value={p.areaId}
          onChange={p.onArea}
          data={p.areaChoices}
        />
        <Select
          label={t('emergency.list.userType')}
          placeholder={t('emergency.list.allUserTypes')}
          clearable
          value={p.userTypeId}
          onChange={p.onUserType}
          data={p.userTypeChoices}
        />
      </SimpleGrid>
      <Group mt="sm" gap="xs" wrap="wrap">
        <Text size="sm" c="dimmed">
          {t('emergency.list.groupBy')}
        </Text>
        <SegmentedControl
          size="xs"
          value={p.groupBy}
          onChange={(v) => p.onGroupBy(v as GroupBy)}
          data={[
            { value: 'siteId', label: t('emergency.list.site') },
            { value: 'areaId', label: t('emergency.list.area') },
            { value: 'userTypeId', label: t('emergency.list.userType') },
          ]}
        />
      </Group>
    </Paper>
  );
});

// The session page's search and sites/areas/conflicts filters. Memoised: a mark re-derives the
// roll call and re-renders the page, but these inputs (two MultiSelects are costly to render)
// re-render only when their own values or choices change.
import { memo } from 'react';
import { Group, MultiSelect, Paper, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Choice = { value: string; label: string };

interface Props {
  search: string;
  onSearch: (v: string) => void;
  siteIds: string[];
  onSites: (v: string[]) => void;
  siteChoices: Choice[];
  areaIds: string[];
  onAreas: (v: string[]) => void;
  areaChoices: Choice[];
  conflictsOnly: boolean;
  onConflictsOnly: (v: boolean) => void;
}

export const SessionFilters = memo(function SessionFilters(p: Props) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md" className="gh-no-print">
      <Group grow wrap="wrap" align="flex-end">
        <TextInput
          label={t('emergency.list.search')}
          value={p.search}
          onChange={(e) => p.onSearch(e.currentTarget.value)}
          type="search"
          miw={180}
        />
        <MultiSelect
          label={t('emergency.session.sites')}
          placeholder={t('emergency.list.allSites')}
          value={p.siteIds}
          onChange={p.onSites}
          data={p.siteChoices}
          miw={180}
        />
        <MultiSelect
          label={t('emergency.session.areas')}
          placeholder={t('emergency.list.allAreas')}
          value={p.areaIds}
          onChange={p.onAreas}
          data={p.areaChoices}
          miw={180}
        />
      </Group>
      <Switch
        mt="sm"
        label={t('emergency.session.conflictsOnly')}
        checked={p.conflictsOnly}
        onChange={(e) => p.onConflictsOnly(e.currentTarget.checked)}
      />
    </Paper>
  );
});

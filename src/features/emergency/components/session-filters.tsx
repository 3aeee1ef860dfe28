// The session page's search, always in view, and the sites/areas filters behind a button (in
// the page's header), so a warden on a phone reaches the first name without scrolling past
// them. Memoised: a mark
// re-derives the roll call and re-renders the page, but these inputs (two MultiSelects are
// costly to render) re-render only when their own values or choices change.
import { memo } from 'react';
import { Button, Collapse, Group, MultiSelect, TextInput } from '@mantine/core';
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
  open: boolean;
}

export const PLACE_FILTERS_ID = 'gh-em-place-filters';

/** The button that shows the sites and areas filters, with how many are chosen. */
export function PlaceFiltersToggle({
  open,
  chosen,
  onToggle,
}: {
  open: boolean;
  chosen: number;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Button
      size="xs"
      variant={chosen ? 'light' : 'default'}
      onClick={onToggle}
      aria-expanded={open}
      aria-controls={PLACE_FILTERS_ID}
      data-testid="session-filters-toggle"
    >
      {chosen ? t('emergency.session.filtersCount', { count: chosen }) : t('emergency.session.filters')}
    </Button>
  );
}

export const SessionFilters = memo(function SessionFilters(p: Props) {
  const { t } = useTranslation();
  return (
    <div className="gh-no-print">
      <TextInput
        label={t('emergency.list.search')}
        value={p.search}
        onChange={(e) => p.onSearch(e.currentTarget.value)}
        type="search"
        data-testid="session-search"
      />
      <Collapse expanded={p.open}>
        <Group grow wrap="wrap" align="flex-end" mt="xs" id={PLACE_FILTERS_ID}>
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
      </Collapse>
    </div>
  );
});

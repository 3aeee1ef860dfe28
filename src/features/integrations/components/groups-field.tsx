// The "groups" selection of /integration-settings: a searchable picker of the
// directory's own groups by name once the integration is saved with credentials. Ids already
// chosen that the directory no longer lists stay chosen and show by id. A new integration, or
// a directory that refuses or cannot be reached, keeps the typed ids with a one-line hint.
import { MultiSelect, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { IntegrationWire } from '../../../../domain/integrations';
import { useDirectoryGroups } from '../hooks/use-directory-groups';
import { splitList } from '../hooks/use-integration-settings-form';

/** Mantine renders every option it is given; searching narrows a big directory instead. */
const SHOWN_OPTIONS = 200;

interface Props {
  saved: IntegrationWire | null;
  /** The chosen ids, comma-separated (the form keeps one text for both inputs). */
  value: string;
  onChange: (text: string) => void;
}

export function GroupsField({ saved, value, onChange }: Props) {
  const { t } = useTranslation();
  const directory = useDirectoryGroups(saved);
  const selected = [...new Set(splitList(value))];

  if (directory.state === 'unsaved' || directory.state === 'failed') {
    return (
      <TextInput
        label={t('integrationGroups.textLabel')}
        description={t(directory.state === 'unsaved' ? 'integrationGroups.afterSave' : 'integrationGroups.unreachable')}
        data-testid="integration-groups"
        data-state={directory.state}
        dir="ltr"
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    );
  }

  const loading = directory.state === 'loading';
  const listed = loading ? [] : directory.groups;
  const known = new Set(listed.map((g) => g.id));
  const data = [
    ...listed.map((g) => ({ value: g.id, label: g.name })),
    ...selected
      .filter((id) => !known.has(id))
      .map((id) => ({ value: id, label: loading ? id : t('integrationGroups.notListed', { id }) })),
  ];
  return (
    <MultiSelect
      label={t('integrationGroups.label')}
      description={t(loading ? 'integrationGroups.loading' : 'integrationGroups.description')}
      placeholder={selected.length ? undefined : t('integrationGroups.placeholder')}
      nothingFoundMessage={t('integrationGroups.nothingFound')}
      data-testid="integration-groups"
      data-state={directory.state}
      data={data}
      value={selected}
      onChange={(ids) => onChange(ids.join(', '))}
      limit={SHOWN_OPTIONS}
      searchable
      clearable={!loading}
      loading={loading}
    />
  );
}

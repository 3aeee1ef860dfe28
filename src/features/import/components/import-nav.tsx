// The import screens' own links: upload, grid (while there is a draft) and the queue.
import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';

export function ImportNav() {
  const { t } = useTranslation();
  return (
    <Group gap="lg" mt={-8}>
      <Anchor component={NavLink} to="/users/import" end>
        {t('import.nav.upload')}
      </Anchor>
      <Anchor component={NavLink} to="/users/import/queue">
        {t('import.nav.queue')}
      </Anchor>
      <Anchor component={NavLink} to="/users">
        {t('import.nav.users')}
      </Anchor>
    </Group>
  );
}

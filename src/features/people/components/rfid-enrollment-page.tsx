// /rfid-enrollment: pick a person, then hold their card to the reader (which types the ID and
// Enter) or type it. A card already given to someone else is refused with the spec's words.
// Offline the people and their cards come from the device; enrolling needs a connection.
import { useMemo, useState } from 'react';
import { Button, Group, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSyncStatus } from '../../../sync/sync-context';
import { OfflineNotice } from '../../../ui/offline-notice';
import { PageTitle } from '../../../ui/page-title';
import { useLocalUsers } from '../hooks/use-local-users';
import { useSend } from '../hooks/use-send';
import { useUsers, type UserItem } from '../hooks/use-users';
import { RfidLinkPanel } from './rfid-link-panel';

export function RfidEnrollmentPage() {
  const { t } = useTranslation();
  const send = useSend();
  const { online } = useSyncStatus();
  const [search, setSearch] = useState('');
  const params = useMemo(
    () => ({ filter: { search: search || undefined }, orderBy: 'full_name', page: 1, limit: 10 }),
    [search],
  );
  const users = useUsers(params);
  const local = useLocalUsers(params);
  const fromDevice = !online || users.unreachable || users.loadedAt === null;
  const rows = fromDevice ? (local?.data ?? []) : users.data;
  const [chosen, setChosen] = useState<UserItem | null>(null);
  const [card, setCard] = useState('');
  const [error, setError] = useState<string | undefined>();

  async function enrol(e: React.FormEvent) {
    e.preventDefault();
    if (!chosen) return;
    const res = await send<{ rfid: string }>(
      'PUT',
      '/rfid_enrollment',
      { user_id: chosen.id, rfid: card },
      t('enrollment.enrolled'),
    );
    if (res.ok) {
      setChosen({ ...chosen, rfid: res.data.rfid });
      setCard('');
      setError(undefined);
      users.reload();
    } else setError(res.errors.rfid?.join(' '));
  }

  return (
    <Stack gap="md" maw={720}>
      <PageTitle>{t('routes.rfidEnrollment')}</PageTitle>
      <OfflineNotice force={users.unreachable} />
      <TextInput
        label={t('people.search')}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        data-testid="rfid-search"
      />
      <Paper withBorder radius="md" role="listbox" aria-label={t('enrollment.chooseUser')}>
        {rows.map((u) => (
          <UnstyledButton
            key={u.id}
            role="option"
            aria-selected={chosen?.id === u.id}
            onClick={() => {
              setChosen(u);
              setError(undefined);
            }}
            data-testid="rfid-user"
            w="100%"
            p="sm"
            mih={48}
            bg={chosen?.id === u.id ? 'var(--mantine-primary-color-light)' : undefined}
          >
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" fw={500}>
                {u.full_name}
              </Text>
              <Text size="xs" c="dimmed" dir="auto">
                {u.rfid ? t('enrollment.current', { rfid: u.rfid }) : t('enrollment.noCard')}
              </Text>
            </Group>
          </UnstyledButton>
        ))}
        {rows.length === 0 ? (
          <Text c="dimmed" ta="center" p="md">
            {t('people.empty')}
          </Text>
        ) : null}
      </Paper>
      {chosen ? (
        <Paper
          withBorder
          radius="md"
          p="md"
          component="form"
          onSubmit={(e: React.FormEvent) => void enrol(e)}
          data-testid="rfid-form"
        >
          <Text fw={600} mb="xs">
            {t('enrollment.selected', { name: chosen.full_name })}
          </Text>
          <Group align="flex-start" wrap="wrap">
            <TextInput
              label={t('enrollment.card')}
              description={t('enrollment.cardHelp')}
              required
              // A card reader types into whichever field has focus.
              // eslint-disable-next-line jsx-a11y/no-autofocus
              autoFocus
              dir="ltr"
              value={card}
              size="md"
              onChange={(e) => setCard(e.currentTarget.value)}
              error={error}
              w={320}
              data-testid="rfid-card"
            />
            <Button type="submit" size="md" mt={46} disabled={!card.trim()} data-testid="rfid-enrol">
              {t('enrollment.enrol')}
            </Button>
          </Group>
        </Paper>
      ) : null}
      {chosen ? <RfidLinkPanel userId={chosen.id} name={chosen.full_name} online={online} /> : null}
    </Stack>
  );
}

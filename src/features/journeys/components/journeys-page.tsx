// /journeys: the company's journeys with a search, their flows and an edit link; deleting asks
// first and then reloads the list (spec 1 §4).
import { useCallback, useEffect, useState } from 'react';
import { Button, Group, Modal, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { isAllowed } from '../../../../domain/permissions';
import { textIn } from '../../../../domain/localized-text';
import { api } from '../../../api/client';
import { useStoredUser } from '../../../api/session';
import { useOnline } from '../../../sync/sync-context';
import { OfflineNotice } from '../../../ui/offline-notice';
import { useLocalJourneys } from '../hooks/use-local-journeys';
import { PageTitle } from '../../../ui/page-title';
import type { JourneyItem } from '../journey-wire';
import { useSend } from '../hooks/use-send';
import { TableScroll } from '../../../ui/table-scroll';

export function JourneysPage() {
  const { t, i18n } = useTranslation();
  const online = useOnline();
  const send = useSend();
  const permissions = useStoredUser()?.data.user.role.permissions ?? {};
  const [loaded, setItems] = useState<JourneyItem[] | null>(null);
  // The device's synced journeys until the server answers, and offline.
  const local = useLocalJourneys();
  const items = loaded ?? local ?? null;
  const [search, setSearch] = useState('');
  const [doomed, setDoomed] = useState<JourneyItem | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(async () => {
    const res = await api.get<{ data: JourneyItem[] }>('/journeys');
    if (res.ok) setItems(res.data.data);
  }, []);
  useEffect(() => {
    if (online) void load();
  }, [online, load]);
  const nameOf = (j: JourneyItem) => textIn(j.name, i18n.language);
  const q = search.trim().toLocaleLowerCase();
  const shown = (items ?? []).filter(
    (j) =>
      !q ||
      nameOf(j).toLocaleLowerCase().includes(q) ||
      JSON.stringify(j.name).toLocaleLowerCase().includes(q) ||
      (j.description ?? '').toLocaleLowerCase().includes(q),
  );

  async function remove() {
    if (!doomed) return;
    setBusy(true);
    const res = await send('DELETE', `/journeys/${doomed.id}`, undefined, t('journeys.deleted'));
    setBusy(false);
    setDoomed(null);
    if (res.ok) await load();
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <PageTitle>{t('routes.journeys')}</PageTitle>
        {isAllowed(permissions, 'create_journey') ? (
          <Button component={Link} to="/add-journey" data-testid="add-journey">
            {t('journeys.add')}
          </Button>
        ) : null}
      </Group>
      <OfflineNotice />
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <TextInput
            label={t('journeys.search')}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            maw={360}
            data-testid="journey-search"
          />
          <TableScroll minWidth={560}>
            <Table striped verticalSpacing="sm" data-testid="journeys-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('journeys.name')}</Table.Th>
                  <Table.Th>{t('journeys.description')}</Table.Th>
                  <Table.Th>{t('journeys.flows')}</Table.Th>
                  <Table.Th>{t('journeys.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((j) => (
                  <Table.Tr key={j.id} data-testid="journey-row">
                    <Table.Td fw={500} dir="auto">
                      {nameOf(j)}
                    </Table.Td>
                    <Table.Td dir="auto">{j.description || '—'}</Table.Td>
                    <Table.Td>{j.flows_count ?? 0}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button size="xs" variant="light" component={Link} to={`/update/journey/${j.id}`}>
                          {t('journeys.edit')}
                        </Button>
                        {isAllowed(permissions, 'edit_journey') ? (
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            onClick={() => setDoomed(j)}
                            data-testid="delete-journey"
                          >
                            {t('journeys.delete')}
                          </Button>
                        ) : null}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
          {items && shown.length === 0 ? (
            <Text c="dimmed" data-testid="journeys-empty">
              {items.length ? t('journeys.noMatch') : t('journeys.none')}
            </Text>
          ) : null}
        </Stack>
      </Paper>
      <Modal
        opened={doomed !== null}
        onClose={() => setDoomed(null)}
        title={t('journeys.deleteTitle')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack>
          <Text>{t('journeys.deleteBody', { name: doomed ? nameOf(doomed) : '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDoomed(null)}>
              {t('journeys.cancel')}
            </Button>
            <Button color="red" loading={busy} onClick={() => void remove()} data-testid="confirm-delete">
              {t('journeys.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

// /sites (until the sites screens land): the company's kiosks, online or offline, last seen.
import { useEffect, useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { api } from '../../../api/client';
import { useStoredUser } from '../../../api/session';
import { PageTitle } from '../../../ui/page-title';

interface KioskItem { id: string; kiosk_name: string; area_name: string; state: 'online' | 'offline'; last_seen_at: number | null }

const REFRESH_MS = 15_000;

export function KioskListPage() {
  const { t, i18n } = useTranslation();
  const stored = useStoredUser();
  const entityId = stored?.data.user.entity.id;
  const [items, setItems] = useState<KioskItem[] | null>(null);
  useEffect(() => {
    if (!entityId) return;
    let alive = true;
    const load = async () => {
      const r = await api.get<{ data: KioskItem[] }>(`/kiosk/${entityId}`);
      if (alive && r.ok) setItems(r.data.data);
    };
    void load();
    const id = setInterval(() => void load(), REFRESH_MS);
    return () => {
      alive = false;
      clearInterval(id);
    };
  }, [entityId]);
  const when = (ms: number | null) => (ms ? t('kiosk.list.lastSeen', { time: new Date(ms).toLocaleString(i18n.language) }) : t('kiosk.list.never'));
  return (
    <Stack gap="md" data-testid="kiosk-list">
      <Group justify="space-between">
        <PageTitle>{t('kiosk.list.title')}</PageTitle>
        <Button component={Link} to="/kiosk-register" variant="light">{t('kiosk.register.title')}</Button>
      </Group>
      <Paper withBorder radius="md" p="md">
        {items && items.length === 0 ? <Text c="dimmed">{t('kiosk.list.empty')}</Text> : (
          <Table>
            <Table.Thead><Table.Tr><Table.Th>{t('kiosk.register.name')}</Table.Th><Table.Th>{t('kiosk.list.area')}</Table.Th><Table.Th /></Table.Tr></Table.Thead>
            <Table.Tbody>
              {(items ?? []).map((k) => (
                <Table.Tr key={k.id} data-testid="kiosk-row" data-state={k.state}>
                  <Table.Td>{k.kiosk_name}</Table.Td>
                  <Table.Td>{k.area_name}</Table.Td>
                  <Table.Td>
                    <Group gap="xs"><Badge color={k.state === 'online' ? 'teal' : 'gray'}>{t(`kiosk.${k.state}`)}</Badge><Text size="sm" c="dimmed">{when(k.last_seen_at)}</Text></Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
    </Stack>
  );
}

// The kiosks tab of /sites: the company's kiosks, online while their socket is
// connected, last seen otherwise, with move, settings, restart (at home or now), update, pull-again,
// open-door, the requests sent and delete (spec 2 §7 "Kiosks"), one kiosk at a time or several selected.
import { useCallback, useEffect, useRef, useState } from 'react';
import { ActionIcon, Badge, Button, Checkbox, Group, Menu, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { useStoredUser } from '../../../api/session';
import { Icon } from '../../../ui/icons';
import { NeedsConnection, StaleData } from '../../../ui/needs-connection';
import { useDeviceCopy } from '../../../api/device-copy';
import { DeleteModal, MoveModal, SettingsModal, type AreaOption, type KioskItem } from './kiosk-admin-modals';
import { KioskRequestsDrawer } from './kiosk-requests-drawer';
import { PairKioskModal } from './pair-kiosk-modal';
import { useKioskAdmin } from './use-kiosk-admin';
import { formatDateTime } from '../../../../domain/date-format';
import { TableScroll } from '../../../ui/table-scroll';

const REFRESH_MS = 10_000;
type Command = 'restart-app' | 'push-restart' | 'update-app' | 'pull-database' | 'open-door';
const COMMAND_TOAST: Record<Command, string> = {
  'restart-app': 'restart',
  'push-restart': 'pushRestart',
  'update-app': 'update',
  'pull-database': 'pull',
  'open-door': 'door',
};

export function KioskListPage() {
  const { t, i18n } = useTranslation();
  const entityId = useStoredUser()?.data.user.entity.id;
  const [items, setItems] = useState<KioskItem[] | null>(null);
  const [areas, setAreas] = useState<AreaOption[]>([]);
  const [selected, setSelected] = useState<string[]>([]);
  const [moving, setMoving] = useState<KioskItem[]>([]);
  const [editing, setEditing] = useState<KioskItem[]>([]);
  const [deleting, setDeleting] = useState<KioskItem | null>(null);
  const [requestsOf, setRequestsOf] = useState<KioskItem | null>(null);
  const [pairing, setPairing] = useState(false);
  // Offline the list cannot load: say so (or show the last list with its age), never an empty table.
  const [loadedAt, setLoadedAt] = useState<number | null>(null);
  const [unreachable, setUnreachable] = useState(false);
  // Kiosks seen so far: one that appears later was just registered or paired ("Kiosk Added").
  const known = useRef<Set<string> | null>(null);
  const load = useCallback(async () => {
    if (!entityId) return;
    const r = await api.get<{ data: KioskItem[] }>(`/kiosk/${entityId}`);
    setUnreachable(!r.ok && r.status === 0);
    if (r.ok) {
      const ids = new Set(r.data.data.map((k) => k.id));
      if (known.current && [...ids].some((id) => !known.current!.has(id)))
        notifications.show({
          color: 'teal',
          message: t('sites.toasts.kioskAdded'),
          'data-testid': 'toast-kiosk-added',
        } as never);
      known.current = ids;
      setItems(r.data.data);
      setLoadedAt(Date.now());
      setSelected((s) => s.filter((id) => r.data.data.some((k) => k.id === id)));
    }
  }, [entityId, t]);
  useEffect(() => {
    void load();
    void api.get<{ data: AreaOption[] }>('/kiosks/areas').then((r) => r.ok && setAreas(r.data.data));
    const id = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(id);
  }, [load]);
  // While a pairing code is shown, look for the new kiosk often, so "Kiosk Added" follows the scan.
  useEffect(() => {
    if (!pairing) return;
    const id = setInterval(() => void load(), 2_000);
    return () => clearInterval(id);
  }, [pairing, load]);
  // Offline with nothing loaded in this visit: the list this device last loaded.
  const copy = useDeviceCopy('kiosks', unreachable ? null : items);
  useEffect(() => {
    if (unreachable && items === null && copy) {
      setItems(copy.data);
      setLoadedAt(copy.savedAt);
    }
  }, [unreachable, items, copy]);
  const send = useKioskAdmin(() => void load());
  const command = (c: Command, kiosks: KioskItem[]) =>
    void send('POST', `/kiosks/${c}`, { kiosk_ids: kiosks.map((k) => k.id) }, COMMAND_TOAST[c]);
  const chosen = (items ?? []).filter((k) => selected.includes(k.id));
  const when = (ms: number | null) =>
    ms ? t('kiosk.list.lastSeen', { time: formatDateTime(ms, i18n.language) }) : t('kiosk.list.never');
  const all = items !== null && items.length > 0 && selected.length === items.length;

  return (
    <Stack gap="md" data-testid="kiosk-list">
      <Group justify="space-between">
        {/* A tab of /sites, whose title is the page's h1. */}
        <Title order={2} size="h4">
          {t('kiosk.list.title')}
        </Title>
        <Group gap="xs">
          <Button onClick={() => setPairing(true)} data-testid="kiosk-pair-open">
            {t('kioskPairing.open')}
          </Button>
          <Button component="a" href="/kiosk-register" variant="light">
            {t('kiosk.register.title')}
          </Button>
        </Group>
      </Group>
      {chosen.length > 0 ? (
        <Paper withBorder radius="md" p="sm" data-testid="kiosk-bulk-bar">
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={600}>
              {t('kioskAdmin.selected', { count: chosen.length })}
            </Text>
            <Group gap="xs">
              <Button size="xs" variant="light" onClick={() => setMoving(chosen)}>
                {t('kioskAdmin.actions.move')}
              </Button>
              <Button size="xs" variant="light" onClick={() => setEditing(chosen)}>
                {t('kioskAdmin.actions.settings')}
              </Button>
              <Button size="xs" variant="light" onClick={() => command('restart-app', chosen)}>
                {t('kioskAdmin.actions.restart')}
              </Button>
              <Button
                size="xs"
                variant="light"
                onClick={() => command('push-restart', chosen)}
                data-testid="kiosk-bulk-push-restart"
              >
                {t('kioskAdmin.actions.pushRestart')}
              </Button>
              <Button
                size="xs"
                variant="light"
                onClick={() => command('update-app', chosen)}
                data-testid="kiosk-bulk-update"
              >
                {t('kioskAdmin.actions.update')}
              </Button>
              <Button size="xs" variant="light" onClick={() => command('pull-database', chosen)}>
                {t('kioskAdmin.actions.pull')}
              </Button>
            </Group>
          </Group>
        </Paper>
      ) : null}
      {unreachable && loadedAt !== null ? <StaleData loadedAt={loadedAt} /> : null}
      {unreachable && items === null ? (
        <NeedsConnection />
      ) : (
        <Paper withBorder radius="md" p="md">
          {items && items.length === 0 ? (
            <Text c="dimmed">{t('kiosk.list.empty')}</Text>
          ) : (
            <TableScroll minWidth={620}>
              <Table verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={40}>
                      <Checkbox
                        aria-label={t('kioskAdmin.selectAll')}
                        checked={all}
                        indeterminate={selected.length > 0 && !all}
                        onChange={() => setSelected(all ? [] : (items ?? []).map((k) => k.id))}
                      />
                    </Table.Th>
                    <Table.Th>{t('kiosk.register.name')}</Table.Th>
                    <Table.Th>{t('kiosk.list.area')}</Table.Th>
                    <Table.Th>{t('kioskAdmin.version')}</Table.Th>
                    <Table.Th>{t('kioskAdmin.status')}</Table.Th>
                    <Table.Th w={56}>
                      <span className="gh-visually-hidden">{t('kioskAdmin.actionsLabel')}</span>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {(items ?? []).map((k) => (
                    <Table.Tr key={k.id} data-testid="kiosk-row" data-state={k.state} data-area={k.area_id}>
                      <Table.Td>
                        <Checkbox
                          aria-label={t('kioskAdmin.selectOne', { name: k.kiosk_name })}
                          checked={selected.includes(k.id)}
                          onChange={() =>
                            setSelected((s) => (s.includes(k.id) ? s.filter((x) => x !== k.id) : [...s, k.id]))
                          }
                        />
                      </Table.Td>
                      <Table.Td>
                        <Text fw={500}>{k.kiosk_name}</Text>
                      </Table.Td>
                      <Table.Td>{k.area_name}</Table.Td>
                      <Table.Td>
                        <Text size="sm" dir="ltr" span>
                          {k.version ?? '—'}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={6}>
                          {/* Never shortened: "غير متصل" must read whole on a tablet. */}
                          <Badge
                            color={k.state === 'online' ? 'teal' : 'gray'}
                            style={{ flexShrink: 0, overflow: 'visible' }}
                          >
                            {t(`kiosk.${k.state}`)}
                          </Badge>
                          {k.state === 'offline' ? (
                            <Text size="xs" c="dimmed">
                              {when(k.last_seen_at)}
                            </Text>
                          ) : null}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Menu position="bottom-end" withinPortal>
                          <Menu.Target>
                            <ActionIcon
                              variant="subtle"
                              size="lg"
                              aria-label={t('kioskAdmin.actionsFor', { name: k.kiosk_name })}
                              data-testid="kiosk-actions"
                            >
                              <Icon name="menu" />
                            </ActionIcon>
                          </Menu.Target>
                          <Menu.Dropdown>
                            <Menu.Item onClick={() => setEditing([k])}>{t('kioskAdmin.actions.settings')}</Menu.Item>
                            <Menu.Item onClick={() => setMoving([k])} data-testid="kiosk-action-move">
                              {t('kioskAdmin.actions.move')}
                            </Menu.Item>
                            <Menu.Item onClick={() => setRequestsOf(k)} data-testid="kiosk-action-requests">
                              {t('kioskAdmin.actions.requests')}
                            </Menu.Item>
                            <Menu.Divider />
                            <Menu.Item onClick={() => command('restart-app', [k])} data-testid="kiosk-action-restart">
                              {t('kioskAdmin.actions.restart')}
                            </Menu.Item>
                            <Menu.Item
                              onClick={() => command('push-restart', [k])}
                              data-testid="kiosk-action-push-restart"
                            >
                              {t('kioskAdmin.actions.pushRestart')}
                            </Menu.Item>
                            <Menu.Item onClick={() => command('update-app', [k])} data-testid="kiosk-action-update">
                              {t('kioskAdmin.actions.update')}
                            </Menu.Item>
                            <Menu.Item onClick={() => command('pull-database', [k])}>
                              {t('kioskAdmin.actions.pull')}
                            </Menu.Item>
                            <Menu.Item onClick={() => command('open-door', [k])}>
                              {t('kioskAdmin.actions.door')}
                            </Menu.Item>
                            <Menu.Divider />
                            <Menu.Item color="red" onClick={() => setDeleting(k)}>
                              {t('kioskAdmin.actions.delete')}
                            </Menu.Item>
                          </Menu.Dropdown>
                        </Menu>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
          )}
        </Paper>
      )}
      <MoveModal kiosks={moving} areas={areas} send={send} onClose={() => setMoving([])} />
      <SettingsModal kiosks={editing} send={send} onClose={() => setEditing([])} />
      <DeleteModal kiosk={deleting} send={send} onClose={() => setDeleting(null)} />
      <KioskRequestsDrawer kiosk={requestsOf} onClose={() => setRequestsOf(null)} />
      <PairKioskModal
        opened={pairing}
        areas={areas}
        onClose={() => {
          setPairing(false);
          void load();
        }}
      />
    </Stack>
  );
}

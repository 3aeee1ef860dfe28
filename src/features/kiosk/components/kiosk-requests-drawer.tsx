// The requests (commands) sent to one kiosk, newest first, with their status and times
// (GET /api/kiosks/requests/{kioskId}/all); refreshed while open, so an answer shows up. A
// request not yet delivered can be canceled, a finished one closed (spec 1 §4 "Kiosk requests").
import { useCallback, useEffect, useState } from 'react';
import { Badge, Button, Drawer, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  DONE_STATUSES,
  WAITING_STATUSES,
  type KioskCommandStatus,
  type KioskRequestItem,
} from '../../../../domain/kiosk-commands';
import { api } from '../../../api/client';
import type { KioskItem } from './kiosk-admin-modals';
import { useKioskAdmin } from './use-kiosk-admin';
import { formatDateTime } from '../../../../domain/date-format';
import { TableScroll } from '../../../ui/table-scroll';

const REFRESH_MS = 5_000;
const STATUS_COLOR: Record<KioskCommandStatus, string> = {
  placed: 'gray',
  pending: 'gray',
  delivered: 'blue',
  running: 'indigo',
  succeeded: 'teal',
  failed: 'red',
  canceled: 'orange',
  closed: 'dark',
};
const waiting = (s: KioskCommandStatus) => (WAITING_STATUSES as readonly string[]).includes(s);
const done = (s: KioskCommandStatus) => (DONE_STATUSES as readonly string[]).includes(s);

export function KioskRequestsDrawer({ kiosk, onClose }: { kiosk: KioskItem | null; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const [items, setItems] = useState<KioskRequestItem[] | null>(null);
  const id = kiosk?.id;
  const load = useCallback(async () => {
    if (!id) return;
    const r = await api.get<{ data: KioskRequestItem[] }>(`/kiosks/requests/${id}/all`);
    if (r.ok) setItems(r.data.data);
  }, [id]);
  const send = useKioskAdmin(() => void load());
  const act = (r: KioskRequestItem, action: 'cancel' | 'close') =>
    void send('POST', `/kiosks/requests/${action}/${r.id}`, {}, action === 'cancel' ? 'canceled' : 'closed');
  useEffect(() => {
    setItems(null);
    if (!id) return;
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [id, load]);
  const time = (ms: number | null) => formatDateTime(ms, i18n.language, { seconds: true });
  const detail = (r: KioskRequestItem) =>
    r.command === 'logging'
      ? t(r.payload.enabled ? 'kioskAdmin.requests.on' : 'kioskAdmin.requests.off')
      : r.command === 'update_app' && typeof r.payload.version === 'string'
        ? r.payload.version
        : null;

  return (
    <Drawer
      opened={kiosk !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={t('kioskAdmin.requests.title', { name: kiosk?.kiosk_name ?? '' })}
    >
      <Stack gap="sm" data-testid="kiosk-requests" data-loaded={items !== null}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="sm" c="dimmed">
            {t('kioskAdmin.requests.hint')}
          </Text>
          <Button size="xs" variant="light" onClick={() => void load()} style={{ flexShrink: 0 }}>
            {t('kioskAdmin.requests.refresh')}
          </Button>
        </Group>
        {items && items.length === 0 ? (
          <Text c="dimmed" data-testid="kiosk-requests-empty">
            {t('kioskAdmin.requests.empty')}
          </Text>
        ) : (
          <TableScroll minWidth={560}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('kioskAdmin.requests.command')}</Table.Th>
                  <Table.Th>{t('kioskAdmin.status')}</Table.Th>
                  <Table.Th>{t('kioskAdmin.requests.sentBy')}</Table.Th>
                  <Table.Th>{t('kioskAdmin.requests.sent')}</Table.Th>
                  <Table.Th>{t('kioskAdmin.requests.answered')}</Table.Th>
                  <Table.Th>
                    <span className="gh-visually-hidden">{t('kioskAdmin.actionsLabel')}</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(items ?? []).map((r) => (
                  <Table.Tr key={r.id} data-testid="kiosk-request-row" data-command={r.command} data-status={r.status}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {t(`kioskAdmin.requests.commands.${r.command}`)}
                      </Text>
                      {detail(r) ? (
                        <Text size="xs" c="dimmed">
                          {detail(r)}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <Badge
                        color={STATUS_COLOR[r.status]}
                        variant="light"
                        style={{ flexShrink: 0, overflow: 'visible' }}
                      >
                        {t(`kioskAdmin.requests.statuses.${r.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{r.requested_by.full_name ?? '—'}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {time(r.created_at)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {waiting(r.status) ? '—' : time(r.status_at)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {waiting(r.status) || done(r.status) ? (
                        <Button
                          size="xs"
                          variant="subtle"
                          color={waiting(r.status) ? 'orange' : 'gray'}
                          onClick={() => act(r, waiting(r.status) ? 'cancel' : 'close')}
                          data-testid={waiting(r.status) ? 'kiosk-request-cancel' : 'kiosk-request-close'}
                        >
                          {t(waiting(r.status) ? 'kioskAdmin.requests.cancel' : 'kioskAdmin.requests.close')}
                        </Button>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
      </Stack>
    </Drawer>
  );
}

// The visit's host notifications: each channel step with its status, times and the
// provider's reason when it failed, the host's answer, and Resend for admins. Read from the API
// (deliveries are not synced) and read again whenever the synced summary status changes.
import { useCallback, useEffect, useState } from 'react';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { isAllowed } from '../../../../domain/permissions';
import { api } from '../../../api/client';
import { useStoredUser } from '../../../api/session';
import { useDb } from '../../../db/db-context';
import { formatTime } from '../format';

interface DeliveryView {
  id: string;
  channel: string;
  status: string;
  dueAt: number;
  sentAt: number | null;
  attempts: number;
  reason: string | null;
}
interface NotificationView {
  id: string;
  hostName: string | null;
  status: string;
  at: number;
  ack: { answer: 'coming' | 'wait'; at: number } | null;
  deliveries: DeliveryView[];
}

const COLORS: Record<string, string> = {
  sent: 'teal',
  delivered: 'teal',
  acknowledged: 'green',
  failed: 'red',
  sending: 'blue',
  queued: 'gray',
  cancelled: 'gray',
  // The provider may have it: not resent by itself, so reception sees it and may resend.
  unknown: 'orange',
};

export function VisitNotifications({ kioskVisitId }: { kioskVisitId: unknown }) {
  const { t, i18n } = useTranslation();
  const db = useDb();
  const mayResend = isAllowed(useStoredUser()?.data.user.role.permissions ?? {}, 'company_details');
  const id = typeof kioskVisitId === 'string' ? kioskVisitId : null;
  // The synced summary: a change (sent, acknowledged) is the cue to read the details again.
  const summary = useLiveQuery(
    async () =>
      id
        ? (await db.hostNotifications.toArray())
            .filter((n) => n.visitId === id)
            .map((n) => n.mailStatus)
            .join(',')
        : '',
    [db, id],
  );
  const [list, setList] = useState<NotificationView[] | null>(null);
  const load = useCallback(async () => {
    if (!id) return;
    const r = await api.get<{ data: NotificationView[] }>(`/kiosk-visits/${id}/notifications`);
    if (r.ok) setList(r.data.data);
  }, [id]);
  useEffect(() => {
    void load();
  }, [load, summary]);
  if (!id || list === null) return null;
  return (
    <Stack gap={4} data-testid="visit-notifications">
      <Text fw={600} size="sm">
        {t('notifications.drawer.title')}
      </Text>
      {list.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('notifications.drawer.none')}
        </Text>
      ) : null}
      {list.map((n) => (
        <Stack key={n.id} gap={2} data-testid="visit-notification" data-status={n.status}>
          <Group gap="xs" justify="space-between">
            <Text size="sm">{n.hostName ?? '—'}</Text>
            <Badge color={COLORS[n.status] ?? 'gray'} variant="light" data-testid="visit-notification-status">
              {t(`notifications.statuses.${n.status}`)}
            </Badge>
          </Group>
          {n.ack ? (
            <Text size="sm" c="green" data-testid="visit-notification-answer">
              {t(`notifications.drawer.answer_${n.ack.answer}`)} · {formatTime(n.ack.at, i18n.language)}
            </Text>
          ) : null}
          {n.deliveries.map((d) => (
            <Group key={d.id} gap="xs" wrap="nowrap" align="flex-start" data-testid="visit-delivery">
              <Text size="xs" miw={90}>
                {t(`notifications.channels.${d.channel}`)}
              </Text>
              <Badge size="sm" color={COLORS[d.status] ?? 'gray'} variant="outline">
                {t(`notifications.statuses.${d.status}`)}
              </Badge>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {d.sentAt
                  ? formatTime(d.sentAt, i18n.language)
                  : d.status === 'queued'
                    ? t('notifications.drawer.due', { time: formatTime(d.dueAt, i18n.language) })
                    : ''}
                {d.attempts > 1 ? ` · ${t('notifications.drawer.attempts', { count: d.attempts })}` : ''}
                {d.reason && (d.status === 'failed' || d.status === 'unknown') ? ` · ${d.reason}` : ''}
              </Text>
            </Group>
          ))}
          {mayResend && n.status !== 'acknowledged' && n.deliveries.length ? (
            <Group>
              <Button
                size="xs"
                variant="light"
                data-testid="visit-notification-resend"
                onClick={() => void api.post(`/notifications/${n.id}/resend`).then(load)}
              >
                {t('notifications.drawer.resend')}
              </Button>
            </Group>
          ) : null}
        </Stack>
      ))}
    </Stack>
  );
}

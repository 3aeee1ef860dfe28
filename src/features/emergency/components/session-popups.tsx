// Real-time pop-ups (spec 2 §4): another admin's start shows 'Session Started' with Join and
// Dismiss; another admin's end shows 'Session Ended' with View and Dismiss, or only Okay when
// already on the emergency list. Only for users with permission for that session: the
// emergency keys, and at least one of its sites within their site access.
import { useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { sessionConcerns, type SiteAccess } from '../../../../domain/emergency-sessions';
import { isAllowed } from '../../../../domain/permissions';
import type { SessionEvent } from '../../../../sync/events';
import { api } from '../../../api/client';
import { useStoredUser } from '../../../api/session';
import { useRealtimeEvent } from '../../../realtime/realtime-context';
import { useSync } from '../../../sync/sync-context';
import { sessionPath } from '../../../../domain/warden-landing';

type Popup = { kind: 'started' | 'ended'; event: SessionEvent };

async function concernsMe(event: SessionEvent): Promise<boolean> {
  const res = await api.get<{ data: { siteIds: SiteAccess } }>('/emergency/access');
  // Without an answer, show it: a missed alarm is worse than one pop-up too many.
  return !res.ok || sessionConcerns(res.data.data.siteIds, event.siteIds ?? []);
}

export function SessionPopups() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const sync = useSync();
  const user = useStoredUser()?.data.user;
  const [popup, setPopup] = useState<Popup | null>(null);
  const permitted =
    !!user &&
    isAllowed(user.role.permissions, 'emergency') &&
    isAllowed(user.role.permissions, 'show_emergency_sessions');

  const consider = (kind: Popup['kind'], event: SessionEvent, author: string | undefined) => {
    sync?.trigger();
    if (!permitted || !user || author === user.id || event.entity_id !== user.entity.id) return;
    void concernsMe(event).then((yes) => yes && setPopup({ kind, event }));
  };
  useRealtimeEvent('pongStartSessionDiffAdmin', (e) => consider('started', e, e.startedBy));
  useRealtimeEvent('pongEndSessionDiffAdmin', (e) => consider('ended', e, e.userIdEnded));
  useRealtimeEvent('updateEmergencySessionData', () => sync?.trigger());

  if (!popup) return null;
  const { kind, event } = popup;
  const close = () => setPopup(null);
  const open = () => {
    close();
    navigate(sessionPath({ id: event.sessionId, name: event.sessionName }));
  };
  const onList = pathname === '/emergency-list';
  const params = { name: event.userName, session: event.sessionName, sites: (event.siteNames ?? []).join(', ') };
  return (
    <Modal
      opened
      onClose={close}
      centered
      withCloseButton={false}
      data-testid={`popup-session-${kind}`}
      title={t(kind === 'started' ? 'emergency.popup.startedTitle' : 'emergency.popup.endedTitle')}
    >
      <Text>{t(kind === 'started' ? 'emergency.popup.startedBody' : 'emergency.popup.endedBody', params)}</Text>
      <Group justify="flex-end" mt="md">
        {kind === 'ended' && onList ? (
          <Button onClick={close} data-testid="popup-okay">
            {t('emergency.popup.okay')}
          </Button>
        ) : (
          <>
            <Button variant="default" onClick={close} data-testid="popup-dismiss">
              {t('emergency.popup.dismiss')}
            </Button>
            <Button color={kind === 'started' ? 'red' : undefined} onClick={open} data-testid="popup-open">
              {t(kind === 'started' ? 'emergency.popup.join' : 'emergency.popup.view')}
            </Button>
          </>
        )}
      </Group>
    </Modal>
  );
}

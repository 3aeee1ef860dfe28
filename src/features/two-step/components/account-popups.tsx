// Live account pop-ups (spec 1 §4, spec 2 §4), from the entity-room socket:
// 'Security Policy Updated' (OK → /passport?force_otp=1, which opens /two-step) under the spec's four
// conditions; the person's own two-step switched elsewhere ends this session when the server
// revoked it; 'Package upgraded' (reload), 'Package downgraded' (sites list), 'Package changed'
// (OK only), never for the tech team; 'Permissions Updated' after refetching permissions.
import { useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  ownTwoStepEvent,
  packagePopupOf,
  roleChanged,
  securityPopupOnJoin,
  securityPopupShown,
  type PopupViewer,
} from '../../../../domain/two-step';
import type { StoredUser } from '../../../../domain/session';
import { api } from '../../../api/client';
import { userDetails } from '../../../api/auth';
import { readStoredUser, useStoredUser, writeStoredUser } from '../../../api/session';
import { useRealtimeEvent, useRealtimeJoined } from '../../../realtime/realtime-context';
import { twoStepState } from '../hooks/two-step-api';

type Popup = 'security' | 'upgraded' | 'downgraded' | 'changed' | 'role';

const viewerOf = (stored: StoredUser | null): PopupViewer | null =>
  stored && {
    id: stored.data.user.id,
    entityId: stored.data.user.entity.id,
    roleId: stored.data.user.role.id,
    isOtpEnabled: stored.data.user.is_otp_enabled,
    isTechTeam: stored.data.user.isTechTeam,
  };

export function AccountPopups() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const stored = useStoredUser();
  const [popup, setPopup] = useState<Popup | null>(null);
  const viewer = viewerOf(stored);

  // Joined (just after login, or again after a reconnect): what was announced while the page was
  // not in the room is read from the server, so the pop-ups an event would have opened still open.
  /** Reads the person's two-step state: a revoked session (one's own two-step switched on
   * elsewhere) logs out; otherwise the stored user keeps whether two-step is on. */
  const refreshTwoStep = () =>
    twoStepState().then((res) => {
      if (res.status === 401) navigate('/logout', { replace: true });
      const current = readStoredUser();
      if (!res.ok || !current) return null;
      if (current.data.user.is_otp_enabled !== res.data.data.enabled)
        writeStoredUser({
          data: { ...current.data, user: { ...current.data.user, is_otp_enabled: res.data.data.enabled } },
        });
      return res.data.data;
    });
  useRealtimeJoined(() => {
    void refreshTwoStep().then((state) => {
      const now = viewerOf(readStoredUser());
      if (state && now && securityPopupOnJoin(state, now, window.location.pathname)) setPopup((p) => p ?? 'security');
    });
    void userDetails(api).then((res) => {
      const current = readStoredUser();
      if (!res.ok || !current || !roleChanged(current.data.user.role, res.data.data.role)) return;
      writeStoredUser({ data: { ...current.data, user: res.data.data } });
      setPopup((p) => p ?? 'role');
    });
  });
  useRealtimeEvent('updateEntityTwoStepAuth', (e) => {
    if (viewer && securityPopupShown(e, viewer)) setPopup('security');
  });
  useRealtimeEvent('updateUserTwoStepAuth', (e) => {
    if (!viewer || !ownTwoStepEvent(e, viewer)) return;
    // Switching two-step on ends the person's other sessions: find out whether this is one.
    void refreshTwoStep();
  });
  useRealtimeEvent('pongUpdateEntityPackage', (e) => {
    const kind = viewer && packagePopupOf(e, viewer);
    if (kind) setPopup(kind);
  });
  useRealtimeEvent('pongUpdateEntityPlan', (e) => {
    // A package change also sends this; its own pop-up says more.
    if (viewer && packagePopupOf({ entity_id: e.entity_id }, viewer)) setPopup((p) => p ?? 'changed');
  });
  useRealtimeEvent('pongUpdateUserRole', (e) => {
    if (!viewer || e.entity_id !== viewer.entityId || e.entity_user_id !== viewer.id) return;
    void userDetails(api).then((res) => {
      const current = readStoredUser();
      if (res.ok && current) writeStoredUser({ data: { ...current.data, user: res.data.data } });
      setPopup('role');
    });
  });

  if (!popup) return null;
  const close = () => setPopup(null);
  const ok = () => {
    close();
    if (popup === 'security') navigate('/passport?force_otp=1');
    else if (popup === 'upgraded') window.location.reload();
    else if (popup === 'downgraded') navigate('/sites');
    else if (popup === 'role') {
      if (pathname === '/') window.location.reload();
      else navigate('/');
    }
  };
  return (
    <Modal
      opened
      onClose={popup === 'role' ? ok : close}
      centered
      withCloseButton={false}
      closeOnClickOutside={false}
      data-testid={`popup-${popup}`}
      title={t(`accountPopups.${popup}Title`)}
    >
      <Text>{t(`accountPopups.${popup}Body`)}</Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={ok} size="md" data-testid="popup-ok">
          {t('accountPopups.ok')}
        </Button>
      </Group>
    </Modal>
  );
}

// A configuration save made offline is refused at once, in one way on every page: the form keeps
// what was typed, and the toast says so.
import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';

const OFFLINE_SAVE_ID = 'offline-save';

/** True (and the toast shown) when the device is offline and the save must not be tried. */
export function refuseOfflineSave(t: TFunction, online = navigator.onLine): boolean {
  if (online) return false;
  notifications.hide(OFFLINE_SAVE_ID);
  notifications.show({
    id: OFFLINE_SAVE_ID,
    color: 'yellow',
    message: t('offlineNotice.saveNeedsConnection'),
    'data-testid': 'toast-offline-save',
  } as never);
  return true;
}

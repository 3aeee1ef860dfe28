// The kiosk's side of the dashboard's commands. They arrive on the sync worker's
// socket, which acknowledges delivery and pulls again itself; the page gets the rest on a
// BroadcastChannel and answers there. restart_app waits for the home screen, so a visitor in
// the middle of a journey is never cut off; push_restart drops the journey and restarts now.
import { useCallback, useEffect, useRef, useState } from 'react';
import { v7 as uuidv7 } from 'uuid';
import { KIOSK_COMMAND_CHANNEL, type KioskSettingsPayload } from '../../../../domain/kiosk-commands';
import type { KioskCommandAck, KioskCommandEvent } from '../../../../sync/events';
import type { GatehouseDb } from '../../../db/schema';
import { useDb } from '../../../db/db-context';
import type { Step } from '../journey/draft';
import { LOGGING_KEY } from '../journey/journey-log';
import { KIOSK_META_KEY, loadKiosk } from '../journey/kiosk-store';
import type { KioskRecord } from './use-kiosk-runtime';

type Message = { type: 'command'; command: KioskCommandEvent };
type Ack = (status: KioskCommandAck['status']) => void;
/** What the kiosk shows about remote support; a PWA cannot share its screen unattended. */
export type RemoteNotice = 'show_screen' | 'support_started' | 'support_ended';
const NOTICE_MS = 15_000;

function listen(onCommand: (cmd: KioskCommandEvent, ack: Ack) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(KIOSK_COMMAND_CHANNEL);
  channel.onmessage = (event: MessageEvent<Message>) => {
    if (event.data?.type !== 'command') return;
    const cmd = event.data.command;
    // The page has it and is carrying it out: the request shows "running" until it answers.
    channel.postMessage({ type: 'ack', ack: { id: cmd.id, status: 'running' } });
    onCommand(cmd, (status) => channel.postMessage({ type: 'ack', ack: { id: cmd.id, status } }));
  };
  return () => channel.close();
}

/** A move or a settings change: the kiosk's stored registration follows, and the screen with it. */
async function applySettings(db: GatehouseDb, p: Partial<KioskSettingsPayload>): Promise<void> {
  const current = await loadKiosk(db);
  if (!current || typeof p.area_id !== 'string') return;
  await db.meta.put({
    key: KIOSK_META_KEY,
    value: {
      ...current,
      kioskName: p.kiosk_name ?? current.kioskName,
      areaId: p.area_id,
      areaName: p.area_name ?? current.areaName,
      siteName: p.site_name ?? current.siteName,
    },
  });
}

/** Asks the server for a new service-worker version; useKioskUpdates applies it when idle with an empty outbox. */
async function checkForUpdate(): Promise<boolean> {
  const registration = await navigator.serviceWorker?.getRegistration();
  if (!registration) return false;
  await registration.update();
  return true;
}

/** Carries out the commands; answers succeeded or failed. Returns the remote-support notice to show. */
export function useKioskCommands(
  record: KioskRecord | null,
  step: Step,
  goHome: () => void,
): [RemoteNotice | null, () => void] {
  const db = useDb();
  const [restart, setRestart] = useState<(() => void) | null>(null);
  const [notice, setNotice] = useState<RemoteNotice | null>(null);
  const stepNow = useRef(step);
  useEffect(() => {
    stepNow.current = step;
  }, [step]);
  useEffect(() => {
    if (!record) return;
    const log = async (code: string, data: Record<string, unknown>) =>
      (await record('kiosk.log', { logId: uuidv7(), kind: 'action', code, data, at: Date.now() })).ok;
    return listen((cmd, ack) => {
      const answer = (work: Promise<boolean | void>) =>
        void work.then(
          (ok) => ack(ok === false ? 'failed' : 'succeeded'),
          () => ack('failed'),
        );
      const commandId = cmd.id;
      switch (cmd.command) {
        case 'open_door':
          return answer(log('open_door', { commandId, output: 'door_relay' }));
        case 'refresh_face_library':
          return answer(log('refresh_face_library', { commandId, output: 'face_library' }));
        case 'logging': {
          const enabled = cmd.payload.enabled === true;
          localStorage.setItem(LOGGING_KEY, enabled ? '1' : '0');
          return answer(log('logging', { commandId, enabled }));
        }
        case 'settings':
          return answer(applySettings(db, cmd.payload as Partial<KioskSettingsPayload>));
        case 'update_app':
          return answer(checkForUpdate());
        case 'restart_app':
          return setRestart(() => () => ack('succeeded'));
        case 'push_restart': {
          // The visitor's unconfirmed journey is dropped (nothing of it was written); confirmed work is in the outbox.
          const abandoned = stepNow.current;
          goHome();
          return void log('push_restart', { commandId, abandonedStep: abandoned }).finally(() => {
            ack('succeeded');
            location.reload();
          });
        }
        case 'remote_show_screen':
          setNotice('show_screen');
          return void log('remote_show_screen', { commandId, supported: false }).finally(() => ack('failed'));
        case 'remote_support': {
          const started = cmd.payload.state !== 'end';
          setNotice(started ? 'support_started' : 'support_ended');
          return answer(log(started ? 'remote_support_started' : 'remote_support_ended', { commandId }));
        }
        case 'pull_database':
          return undefined;
      }
    });
  }, [record, db, goHome]);
  useEffect(() => {
    if (step !== 'home' || !restart) return;
    restart();
    location.reload();
  }, [step, restart]);
  // A session in progress stays on screen; the other notices go after a while.
  useEffect(() => {
    if (!notice || notice === 'support_started') return;
    const id = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(id);
  }, [notice]);
  return [notice, useCallback(() => setNotice(null), [])];
}

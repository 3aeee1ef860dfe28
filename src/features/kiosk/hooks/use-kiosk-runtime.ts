// The kiosk's life support: its own sync (device token from Dexie, no admin session), kiosk
// logs of online/offline changes, idle return to home, and service-worker updates applied
// only when idle with an empty outbox (DESIGN "Updates").
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { v7 as uuidv7 } from 'uuid';
import type { MutateResult } from '../../../../sync/client';
import type { ArgsOf, MutationName } from '../../../../sync/catalogue';
import { useDb } from '../../../db/db-context';
import { applyUpdateWhen, useAppUpdate, useDeferUpdatePrompt } from '../../../pwa/update-state';
import { startSync, storageState, type SyncClient } from '../../../sync/sync-client';
import { APP_STARTED_LOG } from '../../../../domain/kiosk-commands';

/** The build this kiosk runs; reported when it starts (GET /api/kiosks/app-versions). */
export const KIOSK_APP_VERSION: string = import.meta.env.VITE_APP_VERSION ?? '0.1.0';
const VERSION_KEY = 'gatehouse-kiosk-reported-version';

export type KioskRecord = <N extends MutationName>(name: N, args: ArgsOf<N>) => Promise<MutateResult>;

/** Starts the kiosk's sync once `painted` (its first screen is on show) and the frame after has
 * been drawn: the sync worker, its first pull and the IndexedDB writes it triggers wait for the
 * home screen instead of competing with it. */
export function useKioskSync(painted = true): KioskRecord | null {
  const db = useDb();
  const [client, setClient] = useState<SyncClient | null>(null);
  const [go, setGo] = useState(false);
  useEffect(() => {
    if (!painted || go) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A timeout queued from an animation frame runs after that frame has painted; a hidden
    // page paints no frame, hence the second timer.
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setGo(true), 0)));
    const fallback = setTimeout(() => setGo(true), 500);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      clearTimeout(fallback);
    };
  }, [painted, go]);
  useEffect(() => {
    if (!go) return;
    const started = startSync(db);
    setClient(started);
    void storageState(true);
    const log = (kind: 'online' | 'offline') =>
      void started.record('kiosk.log', { logId: uuidv7(), kind, code: kind, at: Date.now() });
    const on = () => log('online');
    const off = () => log('offline');
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    // Reported once per version (registration already sent the first one), so a restart adds no outbox work.
    if (localStorage.getItem(VERSION_KEY) !== KIOSK_APP_VERSION) {
      localStorage.setItem(VERSION_KEY, KIOSK_APP_VERSION);
      void started.record('kiosk.log', {
        logId: uuidv7(),
        kind: 'action',
        code: APP_STARTED_LOG,
        data: { version: KIOSK_APP_VERSION },
        at: Date.now(),
      });
    }
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
      started.stop();
      setClient(null);
    };
  }, [db, go]);
  return useMemo(() => (client ? (client.record.bind(client) as KioskRecord) : null), [client]);
}

/** Calls onIdle after `ms` without a touch, a key or a click, while `active`. */
export function useIdle(active: boolean, ms: number, onIdle: () => void): void {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const reset = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    if (active) timer.current = setTimeout(onIdle, ms);
  }, [active, ms, onIdle]);
  useEffect(() => {
    reset();
    const events = ['pointerdown', 'keydown', 'input'] as const;
    events.forEach((e) => window.addEventListener(e, reset, { passive: true }));
    return () => {
      events.forEach((e) => window.removeEventListener(e, reset));
      if (timer.current) clearTimeout(timer.current);
    };
  }, [reset]);
}

/** At home, with nothing waiting to be sent, a waiting app version is applied. */
export function useKioskUpdates(atHome: boolean): void {
  const db = useDb();
  const update = useAppUpdate();
  const defer = useDeferUpdatePrompt();
  useEffect(() => {
    defer(true);
    return () => defer(false);
  }, [defer]);
  useEffect(() => {
    if (!atHome || !update.ready) return;
    void applyUpdateWhen(update, async () => (await db.outbox.count()) === 0);
  }, [atHome, update, db]);
}

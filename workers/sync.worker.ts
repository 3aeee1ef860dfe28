// The sync worker: one per tab, but only the holder of the Web Lock "gatehouse-sync" sends
// (DESIGN "One sender"). The leader runs the engine over Dexie, pulls on socket pokes, on
// reconnect and on an interval, and writes its status into Dexie for every tab to see.
import * as Comlink from 'comlink';
import { io, type Socket } from 'socket.io-client';
import { SOCKET_RECONNECT_MS } from '../domain/constants';
import { KIOSK_COMMAND_CHANNEL } from '../domain/kiosk-commands';
import { SyncEngine, type SyncStatus } from '../sync/engine';
import type { ClientToServerEvents, KioskCommandAck, KioskCommandEvent, ServerToClientEvents } from '../sync/events';
import { httpTransport } from '../sync/http-transport';
import { createDb } from '../src/db/schema';
import { ACCESS_TOKEN_KEY } from '../src/db/session-store';
import { keepOpen } from '../src/db/with-db';
import { DexieOutbox } from '../src/sync/dexie-store';
import { serverTimeTeller } from '../src/sync/page-clock';

const LOCK = 'gatehouse-sync';
const PULL_INTERVAL_MS = 30_000;
const REQUEST_TIMEOUT_MS = 60_000;

const db = createDb();
keepOpen(db);
const channel = new BroadcastChannel(LOCK);
const serverTime = serverTimeTeller();
let engine: SyncEngine | null = null;
let socket: Socket<ServerToClientEvents, ClientToServerEvents> | null = null;
let online = navigator.onLine;

const token = async () => ((await db.meta.get(ACCESS_TOKEN_KEY))?.value as string | undefined) ?? null;

/** Reports are written at most this often, the latest winning. Each write makes every tab read
 * the status again, and each of those reads queues in IndexedDB beside the next tap's write (a
 * sync cycle reports three times: syncing, counts, idle; a roll call runs one every few marks). */
const STATUS_WRITE_MS = 100;
let lastStatus = '';
let nextStatus: SyncStatus | null = null;
let statusTimer: ReturnType<typeof setTimeout> | null = null;

function writeStatus(status: SyncStatus): void {
  nextStatus = status;
  statusTimer ??= setTimeout(() => {
    statusTimer = null;
    const value = { ...nextStatus!, leader: true };
    nextStatus = null;
    const text = JSON.stringify(value);
    if (text === lastStatus) return;
    lastStatus = text;
    void db.meta.put({ key: 'syncStatus', value }).catch(() => undefined);
  }, STATUS_WRITE_MS);
}

async function connectSocket(baseUrl: string): Promise<void> {
  socket?.close();
  socket = io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnectionDelay: SOCKET_RECONNECT_MS,
    reconnectionDelayMax: SOCKET_RECONNECT_MS,
  });
  socket.on('connect', async () => {
    const t = await token();
    if (t) socket?.emit('join', { token: t }, () => void engine?.sync());
  });
  socket.on('poke', () => void engine?.sync());
  socket.on('kioskCommand', (cmd) => void onKioskCommand(cmd));
}

// Kiosk commands come on this socket, which only a kiosk's device token puts in a
// kiosk room. Pulling again is the engine's job, here; the page carries out the rest and
// answers on the same channel.
const kioskChannel = new BroadcastChannel(KIOSK_COMMAND_CHANNEL);
kioskChannel.onmessage = (event: MessageEvent<{ type: 'ack'; ack: KioskCommandAck }>) => {
  if (event.data?.type === 'ack') socket?.emit('kioskCommandAck', event.data.ack);
};

async function onKioskCommand(cmd: KioskCommandEvent): Promise<void> {
  socket?.emit('kioskCommandAck', { id: cmd.id, status: 'delivered' });
  if (cmd.command !== 'pull_database') {
    kioskChannel.postMessage({ type: 'command', command: cmd });
    return;
  }
  await db.meta.delete('cursor');
  await engine?.sync();
  socket?.emit('kioskCommandAck', { id: cmd.id, status: 'succeeded' });
}

async function lead(baseUrl: string): Promise<void> {
  await navigator.locks.request(LOCK, async () => {
    const stored = (await db.meta.get('syncStatus'))?.value as SyncStatus | undefined;
    engine = new SyncEngine({
      lastSyncAt: stored?.lastSyncAt ?? null,
      store: new DexieOutbox(db),
      // The engine gives up on a silent request itself; the signal also closes its connection.
      transport: httpTransport({
        baseUrl,
        fetch: (url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }),
        token,
      }),
      requestTimeoutMs: REQUEST_TIMEOUT_MS,
      scheduler: {
        now: Date.now,
        random: Math.random,
        after: (ms, fn) => {
          const id = setTimeout(fn, ms);
          return () => clearTimeout(id);
        },
      },
      pullIntervalMs: PULL_INTERVAL_MS,
      backoff: { baseMs: 1_000, maxMs: 30_000 },
      onStatus: writeStatus,
      // Every page anchors its monotonic clock on the server's time (src/sync/page-clock.ts).
      onServerTime: (t) => serverTime.heard(t),
    });
    engine.setOnline(online);
    await connectSocket(baseUrl);
    void engine.sync();
    // Hold the lock for the life of this worker; the next tab's worker takes over when it ends.
    await new Promise<never>(() => undefined);
  });
}

channel.onmessage = (event: MessageEvent<{ type: 'trigger' | 'resume' | 'online' | 'offline' }>) => {
  if (!engine) return;
  const { type } = event.data;
  if (type === 'trigger') void engine.sync();
  else if (type === 'resume') engine.resume();
  else engine.setOnline(type === 'online');
};

function relay(type: 'trigger' | 'resume' | 'online' | 'offline'): void {
  if (engine) channel.onmessage?.(new MessageEvent('message', { data: { type } }));
  else channel.postMessage({ type });
}

export const syncWorkerApi = {
  trigger: () => relay('trigger'),
  resume: () => relay('resume'),
  setOnline(value: boolean): void {
    online = value;
    relay(value ? 'online' : 'offline');
  },
  isLeader: () => engine !== null,
};
export type SyncWorkerApi = typeof syncWorkerApi;

Comlink.expose(syncWorkerApi);
// It leads (or waits for the lock) from the moment it runs: a page may spawn it before its own
// code has loaded (src/sync/early-worker.ts). The API is this origin's.
void lead(self.location.origin);

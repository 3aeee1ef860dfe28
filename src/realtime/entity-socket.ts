// A socket.io connection that joins the caller's entity room with the stored token (spec 2 §4:
// join on creation, reconnect 3 s after a disconnect). Framework-free, so any feature, test or
// worker can use it; realtime-context.tsx shares one per page with React.
import type { Socket } from 'socket.io-client';
import { SOCKET_RECONNECT_MS } from '../../domain/constants';
import type { ClientToServerEvents, ServerToClientEvents } from '../../sync/events';

export type EntitySocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type Connect = (url: string, options: Record<string, unknown>) => EntitySocket;

export interface EntitySocketOptions {
  url: string;
  token: () => string | undefined;
  connect: Connect;
  /** Called with true once the room is joined, false on every disconnect. */
  onJoined?: (joined: boolean) => void;
  schedule?: (fn: () => void, ms: number) => () => void;
}

export interface EntityConnection {
  socket: EntitySocket;
  close(): void;
}

const defaultSchedule = (fn: () => void, ms: number) => {
  const id = setTimeout(fn, ms);
  return () => clearTimeout(id);
};

export function openEntitySocket(o: EntitySocketOptions): EntityConnection {
  const schedule = o.schedule ?? defaultSchedule;
  const socket = o.connect(o.url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnectionDelay: SOCKET_RECONNECT_MS,
    reconnectionDelayMax: SOCKET_RECONNECT_MS,
    randomizationFactor: 0,
  });
  let closed = false;
  let cancelRetry: (() => void) | null = null;

  socket.on('connect', () => {
    const token = o.token();
    if (!token) return;
    socket.emit('join', { token }, (ack) => {
      // A refused token is final for this connection: the login has ended, nothing to retry.
      if (ack.ok) o.onJoined?.(true);
      else closed = true;
    });
  });
  socket.on('disconnect', (reason) => {
    o.onJoined?.(false);
    // socket.io retries lost transports itself; a disconnect the server chose is ours to retry.
    if (!closed && reason === 'io server disconnect')
      cancelRetry = schedule(() => socket.connect(), SOCKET_RECONNECT_MS);
  });

  return {
    socket,
    close() {
      closed = true;
      cancelRetry?.();
      socket.close();
    },
  };
}

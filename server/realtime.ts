// socket.io on the app's HTTP server: a client joins its entity's room with its token (the room
// comes from the token, never from the client). With PostgreSQL, instances share events
// through @socket.io/postgres-adapter.
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/postgres-adapter';
import type pg from 'pg';
import { entityRoom, type ClientToServerEvents, type JoinAck, type ServerToClientEvents } from '../sync/events';
import type { AuthService } from './auth/auth.service';
import type { RequestContext } from './http/context';

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents>;
export type RealtimeSocket = Parameters<Parameters<RealtimeServer['on']>[1]>[0];
/** Runs after a socket joined its entity room (a feature may add rooms and listeners). */
export type JoinListener = (ctx: RequestContext, socket: RealtimeSocket) => Promise<void> | void;
type EventName = keyof ServerToClientEvents;

/** One event with its payload, for code that queues events to send later. */
export type Notice = { [E in EventName]: { event: E; payload: Parameters<ServerToClientEvents[E]>[0] } }[EventName];

export interface Realtime {
  emitToEntity<E extends EventName>(entityId: string, event: E, payload: Parameters<ServerToClientEvents[E]>[0]): void;
  /** Sends to one room (e.g. a kiosk's own room). */
  emitToRoom<E extends EventName>(room: string, event: E, payload: Parameters<ServerToClientEvents[E]>[0]): void;
  /** socket.data of every socket in a room, across instances; empty without socket.io. */
  dataInRoom(room: string): Promise<Array<Record<string, unknown>>>;
  readonly io: RealtimeServer | null;
}

export interface RealtimeHub extends Realtime {
  bind(io: RealtimeServer): void;
  onJoin(listener: JoinListener): void;
  joined(ctx: RequestContext, socket: RealtimeSocket): Promise<void>;
  /** Drops every socket so the HTTP server can close (buildApp calls it on preClose). */
  disconnectAll(): void;
  close(): Promise<void>;
}

/** Decorated on the app before socket.io exists, so services can emit from the start. */
export function createRealtimeHub(): RealtimeHub {
  let io: RealtimeServer | null = null;
  const joinListeners: JoinListener[] = [];
  return {
    onJoin(listener) { joinListeners.push(listener); },
    async joined(ctx, socket) {
      // A feature's failure must not cost the socket its entity room.
      for (const listener of joinListeners) await Promise.resolve(listener(ctx, socket)).catch((e: unknown) => console.warn('gatehouse realtime: join listener failed', e));
    },
    emitToRoom(room, event, payload) {
      if (!io) return;
      (io.to(room) as unknown as { emit(name: string, body: unknown): boolean }).emit(event, payload);
    },
    async dataInRoom(room) {
      if (!io) return [];
      return (await io.in(room).fetchSockets()).map((s) => (s.data ?? {}) as Record<string, unknown>);
    },
    get io() { return io; },
    bind(server) { io = server; },
    disconnectAll() {
      io?.disconnectSockets(true);
      io?.engine.close();
    },
    async close() {
      await io?.close().catch(() => undefined);
      io = null;
    },
    emitToEntity(entityId, event, payload) {
      if (!io) return;
      // socket.io's emit overloads cannot follow a generic event name; the signature above is typed.
      const room = io.to(entityRoom(entityId)) as unknown as { emit(name: string, body: unknown): boolean };
      room.emit(event, payload);
    },
  };
}

const ATTACHMENTS_TABLE = `CREATE TABLE IF NOT EXISTS socket_io_attachments (
  id bigserial UNIQUE, created_at timestamptz DEFAULT NOW(), payload bytea)`;

export async function attachRealtime(
  app: FastifyInstance,
  options: { auth: AuthService; hub: RealtimeHub; pool?: pg.Pool },
): Promise<RealtimeServer> {
  const io: RealtimeServer = new Server(app.server, { serveClient: false });
  if (options.pool) {
    await options.pool.query(ATTACHMENTS_TABLE);
    io.adapter(createAdapter(options.pool));
  }

  io.on('connection', (socket) => {
    socket.on('join', async (payload, ack) => {
      const reply = (result: JoinAck) => (typeof ack === 'function' ? ack(result) : undefined);
      const token = typeof payload === 'object' && payload && typeof payload.token === 'string' ? payload.token : '';
      const ctx = token ? await options.auth.authenticate(token).catch(() => null) : null;
      if (!ctx) {
        reply({ ok: false, code: 'unauthenticated' });
        socket.disconnect(true);
        return;
      }
      const room = entityRoom(ctx.entityId);
      await socket.join(room);
      await options.hub.joined(ctx, socket);
      reply({ ok: true, room });
    });
  });

  options.hub.bind(io);
  return io;
}

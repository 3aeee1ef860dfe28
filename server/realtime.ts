// socket.io on the app's HTTP server: a client joins its entity's room with its token (the room
// comes from the token, never from the client). With PostgreSQL, instances share events
// through @socket.io/postgres-adapter.
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/postgres-adapter';
import type pg from 'pg';
import { entityRoom, type ClientToServerEvents, type JoinAck, type ServerToClientEvents } from '../sync/events';
import type { AuthService } from './auth/auth.service';

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents>;
type EventName = keyof ServerToClientEvents;

/** One event with its payload, for code that queues events to send later. */
export type Notice = { [E in EventName]: { event: E; payload: Parameters<ServerToClientEvents[E]>[0] } }[EventName];

export interface Realtime {
  emitToEntity<E extends EventName>(entityId: string, event: E, payload: Parameters<ServerToClientEvents[E]>[0]): void;
  readonly io: RealtimeServer | null;
}

export interface RealtimeHub extends Realtime {
  bind(io: RealtimeServer): void;
  /** Drops every socket so the HTTP server can close (buildApp calls it on preClose). */
  disconnectAll(): void;
  close(): Promise<void>;
}

/** Decorated on the app before socket.io exists, so services can emit from the start. */
export function createRealtimeHub(): RealtimeHub {
  let io: RealtimeServer | null = null;
  return {
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
      reply({ ok: true, room });
    });
  });

  options.hub.bind(io);
  return io;
}

// socket.io on the app's HTTP server: a client joins its entity's room with its token (the room
// comes from the token, never from the client). With PostgreSQL, instances share events
// through @socket.io/postgres-adapter. A socket never outlives its session: it also joins a
// room for its token and one for its user (or kiosk), so logout, archiving, a role change or a
// deregistration can drop it on every instance; a sweep drops sessions that expired.
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/postgres-adapter';
import type pg from 'pg';
import {
  entityRoom,
  type ClientToServerEvents,
  type JoinAck,
  type Notice,
  type ServerToClientEvents,
} from '../sync/events';
import type { AuthService } from './auth/auth.service';
import type { RequestContext } from './http/context';

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents>;
export type RealtimeSocket = Parameters<Parameters<RealtimeServer['on']>[1]>[0];
/** Runs after a socket joined its entity room (a feature may add rooms and listeners). */
export type JoinListener = (ctx: RequestContext, socket: RealtimeSocket) => Promise<void> | void;
type EventName = keyof ServerToClientEvents;

/** Re-validates a session by its token hash (AuthService.authenticateHash). */
export type SessionCheck = (tokenHash: string) => Promise<RequestContext | null>;

const userRoom = (entityId: string, userId: string): string => `user:${entityId}:${userId}`;
const tokenRoom = (tokenHash: string): string => `token:${tokenHash}`;
/** How often each instance re-checks its own sockets (token expiry, changes no service reported). */
export const SESSION_SWEEP_MS = 60_000;

/** What a joined socket keeps in socket.data.session; `grant` changes when the role does. */
interface SocketSession {
  tokenHash: string;
  grant: string;
}
const grantOf = (ctx: RequestContext): string =>
  JSON.stringify([ctx.entityId, ctx.userId, ctx.roleName, ctx.permissions]);
const sessionOf = (data: unknown): SocketSession | null => {
  const session = (data as { session?: SocketSession } | null | undefined)?.session;
  return session && typeof session.tokenHash === 'string' ? session : null;
};
interface DroppableSocket {
  data: unknown;
  disconnect(close?: boolean): unknown;
}

export type { Notice };

export interface Realtime {
  emitToEntity<E extends EventName>(entityId: string, event: E, payload: Parameters<ServerToClientEvents[E]>[0]): void;
  /** Sends to one room (e.g. a kiosk's own room). */
  emitToRoom<E extends EventName>(room: string, event: E, payload: Parameters<ServerToClientEvents[E]>[0]): void;
  /** socket.data of every socket in a room, across instances; empty without socket.io. */
  dataInRoom(room: string): Promise<Array<Record<string, unknown>>>;
  /** Disconnects one session's sockets on every instance (logout). */
  dropToken(tokenHash: string): void;
  /**
   * Re-checks the sessions of these users' (or kiosks') sockets on every instance and disconnects
   * those whose token is no longer valid or whose role changed; a reconnect must join again.
   */
  recheckUsers(entityId: string, userIds: readonly string[]): Promise<void>;
  readonly io: RealtimeServer | null;
}

export interface RealtimeHub extends Realtime {
  bind(io: RealtimeServer, check: SessionCheck): void;
  onJoin(listener: JoinListener): void;
  joined(ctx: RequestContext, socket: RealtimeSocket): Promise<void>;
  /** Re-checks this instance's sockets; how many were dropped. attachRealtime runs it every SESSION_SWEEP_MS. */
  sweep(): Promise<number>;
  /** Drops every socket so the HTTP server can close (buildApp calls it on preClose). */
  disconnectAll(): void;
  close(): Promise<void>;
}

/** Decorated on the app before socket.io exists, so services can emit from the start. */
export function createRealtimeHub(): RealtimeHub {
  let io: RealtimeServer | null = null;
  let check: SessionCheck = async () => null;
  let sweeper: NodeJS.Timeout | undefined;
  const joinListeners: JoinListener[] = [];

  /** Disconnects the sockets whose session is gone or changed; a failed check drops too (the rejoin re-checks). */
  async function recheck(sockets: DroppableSocket[]): Promise<number> {
    const verdicts = new Map<string, Promise<string | null>>();
    let dropped = 0;
    for (const socket of sockets) {
      const session = sessionOf(socket.data);
      if (!session) continue;
      let verdict = verdicts.get(session.tokenHash);
      if (!verdict) {
        verdict = check(session.tokenHash).then(
          (ctx) => (ctx ? grantOf(ctx) : null),
          () => null,
        );
        verdicts.set(session.tokenHash, verdict);
      }
      if ((await verdict) !== session.grant) {
        socket.disconnect(true);
        dropped++;
      }
    }
    return dropped;
  }
  const sweep = async (): Promise<number> => (io ? recheck(await io.local.fetchSockets()) : 0);

  return {
    onJoin(listener) {
      joinListeners.push(listener);
    },
    async joined(ctx, socket) {
      // A feature's failure must not cost the socket its entity room.
      for (const listener of joinListeners)
        await Promise.resolve(listener(ctx, socket)).catch((e: unknown) =>
          console.warn('gatehouse realtime: join listener failed', e),
        );
    },
    emitToRoom(room, event, payload) {
      if (!io) return;
      (io.to(room) as unknown as { emit(name: string, body: unknown): boolean }).emit(event, payload);
    },
    async dataInRoom(room) {
      if (!io) return [];
      return (await io.in(room).fetchSockets()).map((s) => (s.data ?? {}) as Record<string, unknown>);
    },
    dropToken(tokenHash) {
      io?.in(tokenRoom(tokenHash)).disconnectSockets(true);
    },
    async recheckUsers(entityId, userIds) {
      if (!io || userIds.length === 0) return;
      const rooms = [...new Set(userIds)].map((id) => userRoom(entityId, id));
      try {
        await recheck(await io.in(rooms).fetchSockets());
      } catch (error) {
        // Another instance did not answer: drop them all rather than keep one that should go.
        console.warn('gatehouse realtime: session re-check failed, dropping the sockets', error);
        io.in(rooms).disconnectSockets(true);
      }
    },
    sweep,
    get io() {
      return io;
    },
    bind(server, sessionCheck) {
      io = server;
      check = sessionCheck;
      sweeper = setInterval(
        () => void sweep().catch((e: unknown) => console.warn('gatehouse realtime: sweep failed', e)),
        SESSION_SWEEP_MS,
      );
      sweeper.unref();
    },
    disconnectAll() {
      clearInterval(sweeper);
      io?.disconnectSockets(true);
      io?.engine.close();
    },
    async close() {
      clearInterval(sweeper);
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
      // A second join replaces the first: the socket keeps only the rooms of the token it last showed.
      for (const joined of [...socket.rooms]) if (joined !== socket.id) socket.leave(joined);
      socket.data = {
        ...(socket.data ?? {}),
        session: { tokenHash: ctx.tokenHash, grant: grantOf(ctx) } satisfies SocketSession,
      };
      await socket.join([room, userRoom(ctx.entityId, ctx.userId), tokenRoom(ctx.tokenHash)]);
      await options.hub.joined(ctx, socket);
      reply({ ok: true, room });
    });
  });

  options.hub.bind(io, (tokenHash) => options.auth.authenticateHash(tokenHash));
  return io;
}

// One entity-room socket per page while someone is logged in, and a hook to listen to its
// typed events. Features subscribe with useRealtimeEvent; none of them opens a socket.
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { io } from 'socket.io-client';
import type { ServerToClientEvents } from '../../sync/events';
import { accessToken, useStoredUser } from '../api/session';
import { openEntitySocket, type EntitySocket } from './entity-socket';

const RealtimeContext = createContext<EntitySocket | null>(null);
/** How many times this page's socket has joined the entity room (0 until the first join). */
const JoinsContext = createContext(0);

export function RealtimeProvider({ children }: { children: ReactNode }) {
  const token = useStoredUser()?.data.access_token;
  const [socket, setSocket] = useState<EntitySocket | null>(null);
  const [joins, setJoins] = useState(0);

  useEffect(() => {
    if (!token) return;
    const connection = openEntitySocket({
      url: location.origin,
      token: accessToken,
      connect: (url, options) => io(url, options),
      onJoined: (joined) => {
        if (joined) setJoins((n) => n + 1);
      },
    });
    setSocket(connection.socket);
    return () => {
      connection.close();
      setSocket(null);
    };
  }, [token]);

  return (
    <RealtimeContext.Provider value={socket}>
      <JoinsContext.Provider value={joins}>{children}</JoinsContext.Provider>
    </RealtimeContext.Provider>
  );
}

/** Calls the latest handler after each join of the entity room: events sent while the page was not
 * in the room are not replayed, so what they would have said is read then. */
export function useRealtimeJoined(handler: () => void): void {
  const joins = useContext(JoinsContext);
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (joins > 0) latest.current();
  }, [joins]);
}

/** Calls the latest handler for every `event` from the entity room while mounted. */
export function useRealtimeEvent<E extends keyof ServerToClientEvents>(
  event: E,
  handler: ServerToClientEvents[E],
): void {
  const socket = useContext(RealtimeContext);
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!socket) return;
    const listener = ((payload: never) => (latest.current as (p: never) => void)(payload)) as ServerToClientEvents[E];
    // socket.io's typed on/off cannot follow a generic event name; the signature above is typed.
    const typed = socket as unknown as { on(e: string, l: unknown): void; off(e: string, l: unknown): void };
    typed.on(event, listener);
    return () => typed.off(event, listener);
  }, [socket, event]);
}

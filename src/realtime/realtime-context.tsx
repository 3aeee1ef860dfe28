// One entity-room socket per page while someone is logged in, and a hook to listen to its
// typed events. Features subscribe with useRealtimeEvent; none of them opens a socket.
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { io } from 'socket.io-client';
import type { ServerToClientEvents } from '../../sync/events';
import { accessToken, useStoredUser } from '../api/session';
import { openEntitySocket, type EntitySocket } from './entity-socket';

const RealtimeContext = createContext<EntitySocket | null>(null);

export function RealtimeProvider({ children }: { children: ReactNode }) {
  const token = useStoredUser()?.data.access_token;
  const [socket, setSocket] = useState<EntitySocket | null>(null);

  useEffect(() => {
    if (!token) return;
    const connection = openEntitySocket({
      url: location.origin,
      token: accessToken,
      connect: (url, options) => io(url, options),
    });
    setSocket(connection.socket);
    return () => {
      connection.close();
      setSocket(null);
    };
  }, [token]);

  return <RealtimeContext.Provider value={socket}>{children}</RealtimeContext.Provider>;
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

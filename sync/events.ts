// The socket.io contract shared by server and client (spec 2 §7 "Real-time socket"):
// one typed map per direction, so an event name or payload cannot drift.
import type { KioskCommandName } from '../domain/kiosk-commands';

export interface PackageEvent {
  entity_id: string;
  entityPlan: number;
  action?: 'upgrade' | 'downgrade';
  updated_by?: string;
}
/** An emergency session started or ended: sessionId is the merged group's canonical id. siteIds and
 * startedBy let a client show the pop-up only to users the session concerns, and not to its author. */
export interface SessionEvent {
  entity_id: string;
  session: 'started' | 'ended' | string;
  sessionId: string;
  sessionName: string;
  userName: string;
  userIdEnded?: string;
  siteNames?: string[];
  siteIds?: string[];
  startedBy?: string;
}
export interface RoleEvent {
  entity_id: string;
  entity_user_id: string;
  oldRole: { name: string };
  newRole: { name: string };
  permitted_by?: string;
}
export interface TwoStepEvent {
  entity_id: string;
  updated_by: string;
  isOtpEnabled: boolean;
  entity_user_id?: string;
  /** The company's roles that must use two-step, so a client can decide without a call. */
  otp_roles?: string[];
}
export interface CreatedEvent {
  entity_id: string;
  type: 'user_type' | 'site';
  name: string;
  created_by: string;
}
export interface PokeEvent {
  entity_id: string;
  tables?: string[];
}
/** A command for one kiosk, sent to its own room; kept server-side until acknowledged. */
export interface KioskCommandEvent {
  id: string;
  command: KioskCommandName;
  payload: Record<string, unknown>;
  at: number;
}
export interface KioskCommandAck {
  id: string;
  status: 'delivered' | 'running' | 'succeeded' | 'failed';
}

/** An export job's progress, to the company's room: the export list and the asker follow it. */
export interface ReportExportEvent {
  entity_id: string;
  id: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  rows_done: number;
  rows_total: number | null;
}

/** A user import's progress: rows applied out of the file's rows. */
export interface UserImportEvent {
  entity_id: string;
  id: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  rows_done: number;
  rows_total: number;
}

export interface ServerToClientEvents {
  update: (payload: CreatedEvent) => void;
  updateEmergencySessionData: (payload: SessionEvent) => void;
  pongUpdateEntityPackage: (payload: PackageEvent) => void;
  pongUpdateEntityPlan: (payload: PackageEvent) => void;
  pongUpdateUserRole: (payload: RoleEvent) => void;
  pongStartSessionDiffAdmin: (payload: SessionEvent) => void;
  pongEndSessionDiffAdmin: (payload: SessionEvent) => void;
  updateEntityTwoStepAuth: (payload: TwoStepEvent) => void;
  updateUserTwoStepAuth: (payload: TwoStepEvent) => void;
  /** Gatehouse sync: "something changed, pull now". */
  poke: (payload: PokeEvent) => void;
  kioskCommand: (payload: KioskCommandEvent) => void;
  reportExport: (payload: ReportExportEvent) => void;
  userImport: (payload: UserImportEvent) => void;
}

export type JoinAck = { ok: true; room: string } | { ok: false; code: 'unauthenticated' };

export interface ClientToServerEvents {
  /** Joins the entity room; the entity comes from the token, never from the client. */
  join: (payload: { token: string }, ack: (result: JoinAck) => void) => void;
  /** A kiosk's answer to a kioskCommand; only a joined kiosk's own commands are updated. */
  kioskCommandAck: (payload: KioskCommandAck) => void;
}

export const entityRoom = (entityId: string): string => `entity:${entityId}`;
export const kioskRoom = (entityId: string, kioskId: string): string => `kiosk:${entityId}:${kioskId}`;

type EventName = keyof ServerToClientEvents;
/** One event with its payload, for code that queues events to send after a commit. */
export type Notice = { [E in EventName]: { event: E; payload: Parameters<ServerToClientEvents[E]>[0] } }[EventName];

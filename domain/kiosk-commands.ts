// Kiosk commands (spec 2 §7 "Kiosks") as a PWA kiosk can carry them out, and the request
// bodies of the kiosk-management calls (spec 1 §3 Kiosk fields as settings).
import * as v from 'valibot';

/** restart_app reloads the kiosk once it is at home; push_restart drops the journey on screen
 * and reloads at once; pull_database resets its sync cursor and pulls again; update_app checks
 * for a new service-worker version, applied when idle with an empty outbox; open_door and
 * refresh_face_library are recorded as requested outputs (no hardware); logging turns
 * step-by-step kiosk logs on or off; remote_show_screen is answered "failed" (a PWA cannot share
 * its screen unattended) with a notice; remote_support shows a "remote support started/ended"
 * notice; settings carries the kiosk's new name and area after a move or a settings change. */
export const KIOSK_COMMANDS = [
  'restart_app',
  'push_restart',
  'pull_database',
  'update_app',
  'open_door',
  'refresh_face_library',
  'logging',
  'remote_show_screen',
  'remote_support',
  'settings',
] as const;
export type KioskCommandName = (typeof KIOSK_COMMANDS)[number];

/** Spec 1 §4 "Kiosk requests": placed (stored), pending (sent on the kiosk's socket), delivered
 * (the kiosk has it), running (carrying it out), then succeeded or failed; an admin cancels one
 * not yet delivered and closes one that is done. */
export const KIOSK_COMMAND_STATUSES = [
  'placed',
  'pending',
  'delivered',
  'running',
  'succeeded',
  'failed',
  'canceled',
  'closed',
] as const;
export type KioskCommandStatus = (typeof KIOSK_COMMAND_STATUSES)[number];
/** Not yet with the kiosk: it gets these when its socket joins, and an admin may cancel them. */
export const WAITING_STATUSES = ['placed', 'pending'] as const satisfies readonly KioskCommandStatus[];
/** Finished: an admin may close these (take them off the open list). */
export const DONE_STATUSES = ['succeeded', 'failed'] as const satisfies readonly KioskCommandStatus[];
/** What the kiosk may answer, and from which states. */
export const ACK_FROM: Record<'delivered' | 'running' | 'succeeded' | 'failed', readonly KioskCommandStatus[]> = {
  delivered: ['placed', 'pending'],
  running: ['placed', 'pending', 'delivered'],
  succeeded: ['placed', 'pending', 'delivered', 'running'],
  failed: ['placed', 'pending', 'delivered', 'running'],
};

export interface KioskSettingsPayload {
  kiosk_name: string;
  area_id: string;
  area_name: string;
  site_name: string;
}

const uuid = v.pipe(v.string('validation.required'), v.uuid('validation.uuid'));
const kioskIds = v.pipe(
  v.array(uuid, 'validation.required'),
  v.minLength(1, 'validation.required'),
  v.maxLength(500, 'validation.too_long'),
);
const hardwareId = v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(64, 'validation.too_long'))));

export const moveKioskRequest = v.object({ area_id: uuid });
export const moveKiosksRequest = v.object({ kiosk_ids: kioskIds, area_id: uuid });

/** Settings an admin edits (spec 1 §3 Kiosk); the version is what the kiosk itself reports. */
export const kioskSettingRequest = v.object({
  kiosk_name: v.optional(
    v.pipe(v.string(), v.trim(), v.minLength(2, 'validation.too_short'), v.maxLength(50, 'validation.too_long')),
  ),
  macAddress: hardwareId,
  android_serial: hardwareId,
  serial_number: hardwareId,
});
export type KioskSettingRequest = v.InferOutput<typeof kioskSettingRequest>;

/** Several kiosks at once: everything but the name, which belongs to one kiosk. */
export const kiosksSettingRequest = v.object({
  kiosk_ids: kioskIds,
  macAddress: hardwareId,
  android_serial: hardwareId,
  serial_number: hardwareId,
});

/** Spec 2 §7: "Command body fields include kioskName, macAddress, entityId, userName,
 * isSuperAdmin (0 or 1)". Optional; when sent they must agree with the token and the kiosk. */
const short = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'validation.too_long')));
export const commandBodyFields = {
  kioskName: short,
  macAddress: short,
  entityId: v.optional(uuid),
  userName: short,
  isSuperAdmin: v.optional(v.picklist([0, 1], 'validation.required')),
};
export type CommandBodyFields = {
  [K in keyof typeof commandBodyFields]?: v.InferOutput<(typeof commandBodyFields)[K]>;
};

export const kioskCommandRequest = v.object({ kiosk_ids: kioskIds, ...commandBodyFields });
export const kioskLoggingRequest = v.object({
  kiosk_ids: kioskIds,
  enabled: v.boolean('validation.required'),
  ...commandBodyFields,
});
/** Spec 2 §7 "update-app (with key)": the key and the wanted version are recorded with the request. */
export const kioskUpdateRequest = v.object({
  kiosk_ids: kioskIds,
  ...commandBodyFields,
  kiosk_name: short,
  key: v.optional(
    v.pipe(
      v.string('validation.required'),
      v.trim(),
      v.minLength(1, 'validation.required'),
      v.maxLength(128, 'validation.too_long'),
    ),
  ),
  version: v.optional(v.pipe(v.string('validation.required'), v.trim(), v.maxLength(32, 'validation.too_long'))),
});

/** Who sent the requests listed: one user of the company, or `all`. */
export const requestSenderParam = v.union(
  [v.literal('all'), v.pipe(v.string(), v.uuid('validation.uuid'))],
  'validation.uuid',
);

/** One command as the requests lists show it (GET /api/kiosks/requests/…), newest first. */
export interface KioskRequestItem {
  id: string;
  kiosk_id: string;
  kiosk_name: string;
  command: KioskCommandName;
  status: KioskCommandStatus;
  payload: Record<string, unknown>;
  requested_by: { id: string; full_name: string | null };
  created_at: number;
  status_at: number | null;
}

/** The kiosk log line a kiosk writes when it starts, carrying its build version. */
export const APP_STARTED_LOG = 'app_started';
/** The kiosk log line a badge print writes (kiosk logs report; here, not in the report's schemas, so
 * the kiosk does not load the reports' rules). */
export const BADGE_PRINTED_LOG = 'badge_printed';
export const KIOSK_COMMAND_CHANNEL = 'gatehouse-kiosk-commands';

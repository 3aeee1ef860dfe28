// Sites and areas (spec 1 §3 "Site and area", §5 fire alarm): the request bodies of
// /api/sites and /api/areas, the modes an area can have, and the fire-alarm rule.
// Stored values are the spec's own words (the demo seed already uses them).
import * as v from 'valibot';

export const AUTO_SIGN_OUT_MODES = ['after 24 hours', 'at midnight', 'none'] as const;
export type AutoSignOutMode = (typeof AUTO_SIGN_OUT_MODES)[number];

export const LOGIN_MODES = ['sign in/sign out', 'remote sign in/out', 'check in only', 'remote check in only'] as const;
export type LoginMode = (typeof LOGIN_MODES)[number];

export const FIRE_ACTIONS = ['open door', 'none'] as const;
export const FIRE_TRIGGERS = ['high', 'low'] as const;

/** An area's fire alarm as stored (jsonb) and sent. */
export interface FireAlarm {
  active_io_port: number | null;
  passive_io_port: number | null;
  high_voltage_threshold: number;
  action_on_fire: (typeof FIRE_ACTIONS)[number];
  trigger_on: (typeof FIRE_TRIGGERS)[number];
}

/** A time zone the platform knows (IANA), checked with Intl so the list never goes stale. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

const name = v.pipe(
  v.string('validation.required'),
  v.trim(),
  v.minLength(2, 'validation.too_short'),
  v.maxLength(50, 'validation.too_long'),
);
const optionalText = (max: number) =>
  v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(max, 'validation.too_long'))), null);
const bounded = (min: number, max: number, integer = false) =>
  integer
    ? v.pipe(
        v.number('validation.number'),
        v.integer('validation.number'),
        v.minValue(min, 'validation.site_range'),
        v.maxValue(max, 'validation.site_range'),
      )
    : v.pipe(
        v.number('validation.number'),
        v.minValue(min, 'validation.site_range'),
        v.maxValue(max, 'validation.site_range'),
      );
const uuid = v.pipe(v.string('validation.required'), v.uuid('validation.uuid'));
const ioPort = v.optional(v.nullable(bounded(0, 255, true)), null);

export const siteRequest = v.object({
  name,
  location_name: optionalText(100),
  lat: bounded(-90, 90),
  long: bounded(-180, 180),
  /** Metres. */
  radius: bounded(10, 100_000, true),
  zoom: v.optional(bounded(1, 22, true), 15),
  time_zone: v.optional(
    v.pipe(v.string('validation.required'), v.trim(), v.check(isTimeZone, 'validation.site_time_zone')),
    'UTC',
  ),
});
export type SiteRequest = v.InferOutput<typeof siteRequest>;

export const fireAlarmRequest = v.object({
  active_io_port: ioPort,
  passive_io_port: ioPort,
  high_voltage_threshold: bounded(0, 1000),
  action_on_fire: v.picklist(FIRE_ACTIONS, 'validation.required'),
  trigger_on: v.picklist(FIRE_TRIGGERS, 'validation.required'),
});

const host = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(253, 'validation.too_long'),
  v.regex(/^(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)$|^[a-z0-9.-]+$/i, 'validation.site_ip'),
);

export const areaRequest = v.pipe(
  v.object({
    name,
    parent_area_id: v.optional(v.nullable(uuid), null),
    geofencing: v.optional(v.boolean('validation.required'), false),
    local_sync_ip: v.optional(v.nullable(v.union([v.literal(''), host], 'validation.site_ip')), null),
    local_sync_port: v.optional(v.nullable(bounded(1, 65_535, true)), null),
    auto_sign_out_mode: v.optional(v.picklist(AUTO_SIGN_OUT_MODES, 'validation.required'), 'none'),
    login_mode: v.optional(v.picklist(LOGIN_MODES, 'validation.required'), 'sign in/sign out'),
    fire_alarm: v.optional(v.nullable(fireAlarmRequest), null),
  }),
  // Spec 1 §5: "Fire alarm needs the local sync IP and port, and an IO port."
  v.forward(
    v.check((a) => fireAlarmRefusal(a) === null, 'validation.site_fire_alarm'),
    ['fire_alarm'],
  ),
);
export type AreaRequest = v.InferOutput<typeof areaRequest>;

/** Why a fire alarm cannot be kept as asked, or null when it can (or there is none). */
export function fireAlarmRefusal(a: {
  local_sync_ip?: string | null;
  local_sync_port?: number | null;
  fire_alarm?: Pick<FireAlarm, 'active_io_port' | 'passive_io_port'> | null;
}): 'validation.site_fire_alarm' | null {
  const f = a.fire_alarm;
  if (!f) return null;
  const hasPort = f.active_io_port != null || f.passive_io_port != null;
  return a.local_sync_ip && a.local_sync_port && hasPort ? null : 'validation.site_fire_alarm';
}

/** The parent chain must stay inside the site and never loop back to the area itself. */
export function parentLoops(areaId: string, parentId: string | null, parentOf: (id: string) => string | null): boolean {
  const seen = new Set<string>();
  for (let at = parentId; at; at = parentOf(at)) {
    if (at === areaId || seen.has(at)) return true;
    seen.add(at);
  }
  return false;
}

// Site geofence (spec 1 §3 "Site": lat, long, radius): is a phone's position inside the circle?
// The phone checks before it asks, and the server checks again with this same function.

import * as v from 'valibot';

const EARTH_RADIUS_M = 6_371_008.8;

export interface Position {
  lat: number;
  long: number;
}

export interface Geofence extends Position {
  /** Metres. */
  radius: number;
}

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function distanceMeters(a: Position, b: Position): number {
  const dLat = rad(b.lat - a.lat);
  const dLong = rad(b.long - a.long);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLong / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

export type GeofenceCheck =
  | { inside: true; distance: number }
  | { inside: false; distance: number; code: 'remote.outside_geofence' }
  | { inside: false; distance: null; code: 'remote.no_geofence' };

/** Inside when the distance from the centre is at most the radius. A reported accuracy does not
 * widen the circle: a fix that is vague is not evidence of being on site. */
export function checkGeofence(
  fence: { lat?: number | null; long?: number | null; radius?: number | null } | null | undefined,
  at: Position,
): GeofenceCheck {
  if (!fence || fence.lat == null || fence.long == null || fence.radius == null || fence.radius <= 0)
    return { inside: false, distance: null, code: 'remote.no_geofence' };
  const distance = Math.round(distanceMeters({ lat: fence.lat, long: fence.long }, at));
  return distance <= fence.radius
    ? { inside: true, distance }
    : { inside: false, distance: Math.max(0, distance - fence.radius), code: 'remote.outside_geofence' };
}

/** POST /api/remote-sign-in: where the phone is and what its owner asks (messages are i18n keys). */
export const remoteSignInInput = v.object({
  area_id: v.pipe(v.string('validation.required'), v.uuid('validation.uuid')),
  action: v.picklist(['in', 'out'], 'validation.required'),
  lat: v.pipe(v.number('validation.number'), v.minValue(-90, 'validation.number'), v.maxValue(90, 'validation.number')),
  long: v.pipe(
    v.number('validation.number'),
    v.minValue(-180, 'validation.number'),
    v.maxValue(180, 'validation.number'),
  ),
  accuracy: v.optional(v.pipe(v.number('validation.number'), v.minValue(0, 'validation.number'))),
});
export type RemoteSignInInput = v.InferOutput<typeof remoteSignInInput>;

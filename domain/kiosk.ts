// Kiosk rules: name matching, host search trigger, badge codes, registration payload, presence.
import * as v from 'valibot';

export interface Named {
  id: string;
  fullName: string;
}

const norm = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Quick match shows everyone whose name contains the query (from 2 characters); private match
 * shows someone only when the full name is typed, so a visitor cannot browse who is registered.
 */
export function matchNames<T extends Named>(
  people: readonly T[],
  query: string,
  mode: 'quick' | 'private',
  limit = 8,
): T[] {
  const q = norm(query);
  if (q.length < 2) return [];
  if (mode === 'private') return people.filter((p) => norm(p.fullName) === q).slice(0, limit);
  return people
    .filter(
      (p) =>
        norm(p.fullName)
          .split(' ')
          .some((w) => w.startsWith(q)) || norm(p.fullName).startsWith(q),
    )
    .slice(0, limit);
}

/** Spec 1 §5: host search starts after a first name, a space and two letters. */
export function hostSearchReady(query: string): boolean {
  return /^\S+ \S{2,}/u.test(query.trimStart());
}

export function searchHosts<T extends Named>(hosts: readonly T[], query: string, limit = 6): T[] {
  if (!hostSearchReady(query)) return [];
  const q = norm(query);
  return hosts.filter((h) => norm(h.fullName).startsWith(q)).slice(0, limit);
}

/** What a person's own badge QR code holds. */
const BADGE_PREFIX = 'GH1:P:';
export const badgeCode = (personId: string): string => `${BADGE_PREFIX}${personId}`;

export type ScannedCode = { kind: 'badge'; personId: string } | { kind: 'other'; text: string };

export function readScannedCode(text: string): ScannedCode {
  const t = text.trim();
  if (t.startsWith(BADGE_PREFIX)) return { kind: 'badge', personId: t.slice(BADGE_PREFIX.length) };
  return { kind: 'other', text: t };
}

/** Spec 1 §3 Kiosk; names are at least 2 and at most 50 characters. */
export const registerKioskRequest = v.object({
  kiosk_name: v.pipe(
    v.string('validation.required'),
    v.trim(),
    v.minLength(2, 'validation.too_short'),
    v.maxLength(50, 'validation.too_long'),
  ),
  area_id: v.pipe(v.string('validation.required'), v.uuid('validation.uuid')),
  macAddress: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(64)))),
  android_serial: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(64)))),
  serial_number: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(64)))),
  version: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(32)))),
});
export type RegisterKioskRequest = v.InferOutput<typeof registerKioskRequest>;

/** Spec 2 §7 names the registering kiosk's field `kioskName`; the form sends `kiosk_name`. Either
 * is read (the snake-case one when both are sent). */
export function registrationBody(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const b = body as Record<string, unknown>;
  if (b.kiosk_name !== undefined || b.kioskName === undefined) return body;
  const { kioskName, ...rest } = b;
  return { ...rest, kiosk_name: kioskName };
}

/** How long the kiosk waits without a touch before it clears the screen and goes home. */
export const KIOSK_IDLE_MS = 45_000;

/** Permissions a kiosk device token carries: enough for its mutations, nothing of the dashboard's screens. */
export const KIOSK_ROLE_NAME = 'kiosk device';

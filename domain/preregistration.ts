// Pre-registration rules (spec 2 §4, §5, §8, §9; DESIGN ruling 4): link states and the
// link-expired message each state shows, visit date/time formats, photo rules.
// Rules return codes; the UI translates them under "linkExpired" / "errors".

export const EXPIRY_REASONS = ['VISIT_REJECTED', 'VISIT_DELETED', 'VISIT_EXPIRED', 'SCAN_EXPIRED'] as const;
export type ExpiryReason = (typeof EXPIRY_REASONS)[number];
export type LinkKind = 'preregistration' | 'compliance';
export type ReasonCode = 'not_approved' | 'deleted' | 'missed' | 'arrived';

/** The reply's visitMetadata (spec 2 §3 "Pre-registration details response"). */
export interface VisitMetadata {
  is_expired: boolean;
  reason?: string | null;
  is_confirmed: boolean;
}

export type LinkState = { kind: 'open' } | { kind: 'expired'; reason: string | null } | { kind: 'confirmed' };

/** Spec 2 §4 "Visit link": expired wins; already confirmed applies to non-online compliance only. */
export function linkStateOf(meta: VisitMetadata, link: LinkKind): LinkState {
  if (meta.is_expired) return { kind: 'expired', reason: meta.reason ?? null };
  if (link === 'preregistration' && meta.is_confirmed) return { kind: 'confirmed' };
  return { kind: 'open' };
}

/** DESIGN ruling 4: each reason's words; any other reason means the visitor has arrived. */
export function reasonCodeOf(reason: string | null | undefined): ReasonCode {
  switch (reason) {
    case 'VISIT_REJECTED':
      return 'not_approved';
    case 'VISIT_DELETED':
      return 'deleted';
    case 'VISIT_EXPIRED':
    case 'SCAN_EXPIRED':
      return 'missed';
    default:
      return 'arrived';
  }
}

/** What /link-expired reads from its query string. */
export interface LinkExpiredQuery {
  link: LinkKind;
  reason?: string | null;
  confirmed?: boolean;
  /** 'Err' when the details failed to load (spec 2 §4). */
  message?: string | null;
  userHasPassport?: boolean;
}

/** The message code /link-expired shows, e.g. 'preregistration.not_approved', 'compliance.fallback', 'err'. */
export function expiryMessageCode(q: LinkExpiredQuery): string {
  if (q.message === 'Err') return 'err';
  if (q.confirmed && q.link === 'preregistration') return 'preregistration.confirmed';
  // The fallback: expired and no reason known (DESIGN ruling 4 for compliance links; a
  // confirmation link without a reason must not claim the visitor has already arrived either).
  if (!q.reason) return `${q.link}.fallback`;
  return `${q.link}.${reasonCodeOf(q.reason)}`;
}

/** Query string for /link-expired, built from a state (without URLSearchParams: pure layer). */
export function linkExpiredPath(
  link: LinkKind,
  state: LinkState | { kind: 'failed' },
  userHasPassport = false,
): string {
  const parts: string[] = [];
  if (link === 'compliance') parts.push('link=compliance');
  if (state.kind === 'expired' && state.reason) parts.push(`reason=${encodeURIComponent(state.reason)}`);
  if (state.kind === 'confirmed') parts.push('confirmed=true');
  if (state.kind === 'failed') parts.push('message=Err');
  if (userHasPassport) parts.push('userHasPassport=true');
  return `/link-expired${parts.length ? `?${parts.join('&')}` : ''}`;
}

export function parseLinkExpiredQuery(get: (key: string) => string | null): LinkExpiredQuery {
  return {
    link: get('link') === 'compliance' ? 'compliance' : 'preregistration',
    reason: get('reason'),
    confirmed: get('confirmed') === 'true',
    message: get('message'),
    userHasPassport: get('userHasPassport') === 'true',
  };
}

// ---- dates and times (spec 2 §5, §9: YYYY-MM-DD and HH:mm:ss) ----

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function formatVisitDate(d: { year: number; month: number; day: number }): string {
  return `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`;
}

export function formatVisitTime(t: { hour: number; minute: number; second?: number }): string {
  return `${pad(t.hour)}:${pad(t.minute)}:${pad(t.second ?? 0)}`;
}

/** A 12-hour "h:mm A" time from passport data ("3:05 PM") as HH:mm:ss; null when it is not one. */
export function to24HourTime(text: string): string | null {
  const m = /^\s*(\d{1,2}):(\d{2})\s*([AaPp][Mm])\s*$/.exec(text);
  if (!m) return null;
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  if (hour < 1 || hour > 12 || minute > 59) return null;
  const pm = m[3]!.toUpperCase() === 'PM';
  return formatVisitTime({ hour: (hour % 12) + (pm ? 12 : 0), minute });
}

/** Accepts HH:mm:ss, HH:mm or h:mm A; answers HH:mm:ss or null. */
export function normaliseVisitTime(text: string): string | null {
  const m = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (m) {
    const [hour, minute, second] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
    return hour < 24 && minute < 60 && second < 60 ? formatVisitTime({ hour, minute, second }) : null;
  }
  return to24HourTime(text);
}

export function isVisitDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new Date(Date.UTC(y, mo - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === mo - 1 && probe.getUTCDate() === d;
}

/** The instant of a local date and time, given the visitor's offset (Date#getTimezoneOffset, minutes). */
export function visitInstant(date: string, time: string, tzOffsetMinutes = 0): number | null {
  const t = normaliseVisitTime(time);
  if (!isVisitDate(date) || !t) return null;
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi, s] = t.split(':').map(Number) as [number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi, s) + tzOffsetMinutes * 60_000;
}

/** Spec 1 §5: a visit cannot be before now. The current minute still counts, since the form picks minutes. */
export function isVisitInPast(instant: number, now: number): boolean {
  return instant < now - (now % 60_000);
}

// ---- the pre-registration photo (spec 1 §5 "Files", spec 2 §9) ----

export const PHOTO_RULES = {
  minWidth: 250,
  maxWidth: 4096,
  minHeight: 300,
  maxHeight: 2688,
  maxBytes: 3 * 1024 * 1024,
  types: ['png', 'jpg'] as const,
};
export type PhotoProblem = 'photo_type' | 'photo_too_large' | 'photo_dimensions';

/** The photo's problems (empty when it is fine); `type` is what the content says, not the name. */
export function photoProblems(p: {
  type: string | undefined;
  bytes: number;
  width: number;
  height: number;
}): PhotoProblem[] {
  const type = p.type === 'jpeg' ? 'jpg' : p.type;
  if (!type || !(PHOTO_RULES.types as readonly string[]).includes(type)) return ['photo_type'];
  const out: PhotoProblem[] = [];
  if (p.bytes > PHOTO_RULES.maxBytes) out.push('photo_too_large');
  const r = PHOTO_RULES;
  if (p.width < r.minWidth || p.width > r.maxWidth || p.height < r.minHeight || p.height > r.maxHeight)
    out.push('photo_dimensions');
  return out;
}

/** Spec 2 §5: the photo is required only when the flow asks for it and none is stored. */
export function isPhotoRequired(
  flags: { is_image_required?: number | boolean },
  storedImage: string | null | undefined,
): boolean {
  return Boolean(flags.is_image_required) && !storedImage;
}

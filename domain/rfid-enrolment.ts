// One-time RFID enrolment links (/rfid/{code}): how long a link lives and what state it is in.
// Pure, so the server's answer and the page's message come from the same rule.
import * as v from 'valibot';

/** A link works for 24 hours: long enough to reach a reader the same or next day, short enough that a forwarded mail goes stale. */
export const RFID_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** 24 random bytes (192 bits) as base64url: 32 characters. */
export const RFID_CODE_PATTERN = /^[A-Za-z0-9_-]{32}$/;

export type RfidLinkState = 'usable' | 'used' | 'expired';

export function rfidLinkState(link: { usedAt: number | null; expiresAt: number }, now: number): RfidLinkState {
  if (link.usedAt !== null) return 'used';
  return now >= link.expiresAt ? 'expired' : 'usable';
}

/** Card ids as a reader types them: letters, digits, ':' and '-' (same rule as /rfid-enrollment). */
export const rfidCard = v.pipe(
  v.string('validation.required'),
  v.trim(),
  v.nonEmpty('validation.required'),
  v.maxLength(64, 'validation.too_long'),
  v.regex(/^[A-Za-z0-9:-]+$/, 'validation.card_id'),
);

export const rfidCardBody = v.object({ rfid: rfidCard });

export const rfidLinkInput = v.object({
  user_id: v.pipe(v.string('validation.required'), v.uuid('validation.uuid')),
  /** Mail the link to the person (default); an admin at a reader may only want the QR. */
  send_email: v.optional(v.boolean(), true),
});
export type RfidLinkInput = v.InferOutput<typeof rfidLinkInput>;

/** What the public page shows before enrolling: whose card, for which company. */
export interface RfidLinkDetails {
  full_name: string;
  company_name: string;
  has_card: boolean;
  expires_at: number;
}

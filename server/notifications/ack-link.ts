// The host's answer link: "I'm on my way" / "Please wait in reception", no login. The token
// signs (company, notification, expiry) with HMAC-SHA256 under a key derived from
// INTEGRATION_KEY, so it can be neither forged nor moved to another company's notification;
// it works once (notification_acks has one row per notification) and expires with the visit.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** The longest a link lives even if the visitor never signs out. */
export const ACK_LINK_TTL_MS = 24 * 3_600_000;

export interface AckClaim {
  entityId: string;
  notificationId: string;
  expiresAt: number;
}

function keyOf(keyText: string | undefined): Buffer {
  return createHash('sha256')
    .update(`gatehouse-notification-links:${keyText || 'gatehouse-development-integration-key'}`)
    .digest();
}

const hex = (b: Buffer) => b.toString('hex');
const uuidOf = (b: Buffer) =>
  `${hex(b.subarray(0, 4))}-${hex(b.subarray(4, 6))}-${hex(b.subarray(6, 8))}-${hex(b.subarray(8, 10))}-${hex(b.subarray(10, 16))}`;

/** Tokens are compact binary (two uuids, a 48-bit expiry, a 128-bit MAC: 74 characters), so the
 * link fits a route parameter (Fastify's 100) and an SMS. */
export function ackLinks(keyText: string | undefined) {
  const key = keyOf(keyText);
  const sign = (body: Buffer) => createHmac('sha256', key).update(body).digest().subarray(0, 16);
  return {
    token(claim: AckClaim): string {
      const body = Buffer.alloc(38);
      Buffer.from(claim.entityId.replace(/-/g, ''), 'hex').copy(body, 0);
      Buffer.from(claim.notificationId.replace(/-/g, ''), 'hex').copy(body, 16);
      body.writeUIntBE(Math.max(0, Math.floor(claim.expiresAt)), 32, 6);
      return `${body.toString('base64url')}.${sign(body).toString('base64url')}`;
    },
    /** The claim of a well-signed token (expiry is the caller's to check), else null. */
    read(token: string): AckClaim | null {
      const [b, mac] = token.split('.');
      if (!b || !mac) return null;
      const body = Buffer.from(b, 'base64url');
      if (body.length !== 38) return null;
      const want = sign(body);
      const got = Buffer.from(mac, 'base64url');
      if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
      return {
        entityId: uuidOf(body.subarray(0, 16)),
        notificationId: uuidOf(body.subarray(16, 32)),
        expiresAt: body.readUIntBE(32, 6),
      };
    },
  };
}
export type AckLinks = ReturnType<typeof ackLinks>;

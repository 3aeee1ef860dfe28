// A public registration never acts as an existing person. When the email or
// phone of an anonymous registration belongs to someone already on file, the visit is held: no
// QR code, no profile change, no compliance link. That person confirms it from a one-time link
// mailed to the address on file (only its sha256 is stored; it expires), or an admin approves
// it; only then does the invitation with the QR code go out, again to the address on file.
import { and, eq, sql } from 'drizzle-orm';
import { initialStatusFor, qrWindowOf, type VisitStatus } from '../../domain/preregistration-visit';
import type { Db } from '../db/database';
import { entities } from '../db/schema/entities';
import { users } from '../db/schema/people';
import { expectedVisits } from '../db/schema/preregistration';
import { ApiError, notFound } from '../http/api-error';
import { holdConfirmationMail } from '../mail/invitation';
import type { Mailer } from '../mail/mailer';
import type { Tx } from '../sync/changes';
import { inviteVisitor, type LinkContext } from './invite';
import type { VisitRow } from './projections';
import { visitQr } from './signing';
import { graceOf, randomToken, sha256, updateVisit, withFeed } from './visits.repo';

/** The confirmation link lives three days, and never beyond the visit's own QR window. */
export const HOLD_TTL_MS = 72 * 3600_000;
const TOKEN = /^[A-Za-z0-9_-]{20,64}$/;

export const confirmationLink = (baseUrl: string, token: string) =>
  `${baseUrl.replace(/\/$/, '')}/confirm-registration/${token}`;

/** The person a registration names: the owner of the email first, else of the phone. */
export async function personOnFile(db: Db | Tx, entityId: string, email: string, phone: string) {
  const [byEmail] = await db
    .select()
    .from(users)
    .where(and(eq(users.entityId, entityId), eq(users.email, email)))
    .limit(1);
  if (byEmail) return byEmail;
  const [byPhone] = phone
    ? await db
        .select()
        .from(users)
        .where(and(eq(users.entityId, entityId), eq(users.phone, phone)))
        .limit(1)
    : [];
  return byPhone;
}

export function newHold(now: number, visitAt: number, graceMinutes: number) {
  const token = randomToken(24);
  return {
    token,
    holdHash: sha256(token),
    holdExpiresAt: Math.min(now + HOLD_TTL_MS, qrWindowOf(visitAt, graceMinutes).exp),
  };
}

/** Ends a hold inside a transaction: the new status, a fresh personal-link code, the link spent. */
export async function releaseHold(
  tx: Tx,
  v: VisitRow,
  status: VisitStatus,
  now: Date,
  decidedBy: string | null = null,
) {
  const code = randomToken(9);
  const r = await updateVisit(
    tx,
    v,
    { status, decidedBy, holdHash: null, holdExpiresAt: null, codeHash: sha256(code) },
    now,
  );
  return { ...r, code };
}

/** The invitation (personal link and QR code) of a released visit, to the address on file. */
export async function inviteOnFile(
  db: Db,
  now: () => number,
  mailer: Mailer,
  link: LinkContext,
  visit: VisitRow,
  code: string,
) {
  const [person] = await db
    .select()
    .from(users)
    .where(and(eq(users.entityId, visit.entityId), eq(users.id, visit.personId)));
  if (!person) return;
  const qr = await visitQr(db, now, visit, await graceOf(db, visit.entityId, visit.userTypeId));
  await inviteVisitor(db, mailer, link, visit, person, code, qr);
}

export async function mailHoldConfirmation(
  db: Db,
  mailer: Mailer,
  link: LinkContext,
  visit: VisitRow,
  person: { email: string; fullName: string },
  token: string,
) {
  const [entity] = await db.select({ name: entities.name }).from(entities).where(eq(entities.id, visit.entityId));
  await mailer.send(
    visit.entityId,
    holdConfirmationMail({
      lang: link.lang,
      to: person.email,
      name: person.fullName,
      companyName: entity?.name ?? '',
      when: `${visit.visitDate} ${visit.visitTime.slice(0, 5)}`,
      link: confirmationLink(link.baseUrl, token),
    }),
  );
}

export function visitHoldService(db: Db, now: () => number, mailer: Mailer) {
  return {
    /** POST /api/confirm-registration/{lang}: the person on file confirms; the link works once. */
    async confirmHold(token: string, link: LinkContext): Promise<{ status: VisitStatus }> {
      if (!TOKEN.test(token)) throw notFound();
      const hash = sha256(token);
      const [found] = await db
        .select({ entityId: expectedVisits.entityId })
        .from(expectedVisits)
        .where(eq(expectedVisits.holdHash, hash))
        .limit(1);
      if (!found) throw notFound();
      const released = await withFeed(db, found.entityId, async (tx) => {
        const [v] = await tx
          .select()
          .from(expectedVisits)
          .where(
            and(
              eq(expectedVisits.entityId, found.entityId),
              eq(expectedVisits.holdHash, hash),
              sql`${expectedVisits.deletedAt} is null`,
            ),
          )
          .for('update');
        if (!v || v.status !== 'held') throw notFound();
        if (v.holdExpiresAt === null || v.holdExpiresAt < now()) throw new ApiError(409, 'link_expired');
        const r = await releaseHold(tx, v, initialStatusFor(v.registrationMethod ?? '') ?? 'pending', new Date(now()));
        return { result: r, changes: r.changes };
      });
      await inviteOnFile(db, now, mailer, link, released.visit, released.code);
      return { status: released.visit.status };
    },
  };
}

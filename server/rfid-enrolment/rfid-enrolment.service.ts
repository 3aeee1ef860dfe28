// One-time RFID enrolment links. An admin starts an enrolment for a person; the link
// /rfid/{code} (mailed, and shown as a QR on /rfid-enrollment) lets whoever holds it enrol that
// person's card exactly once within RFID_LINK_TTL_MS. The code is the secret: only its sha256
// is stored, and an unknown code looks exactly like a missing page (404).
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { LANGUAGES, type Language } from '../../domain/constants';
import {
  RFID_CODE_PATTERN,
  RFID_LINK_TTL_MS,
  rfidLinkState,
  type RfidLinkDetails,
  type RfidLinkInput,
} from '../../domain/rfid-enrolment';
import type { Db } from '../db/database';
import { entities, rfidEnrolmentLinks, userCards, users } from '../db/schema/index';
import { ApiError, notFound } from '../http/api-error';
import { assertAllowed, type RequestContext } from '../http/context';
import type { Mailer } from '../mail/mailer';
import { feedChanges } from '../sync/changes';
import { isCardClash, storeCard } from './cards';
import { rfidLinkMail } from './rfid-mail';
import { roleGuard } from '../people/role-guard';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export const rfidLinkUrl = (baseUrl: string, code: string) => `${baseUrl.replace(/\/$/, '')}/rfid/${code}`;

type LinkRow = typeof rfidEnrolmentLinks.$inferSelect;

export function rfidEnrolmentService(db: Db, now: () => number, mailer: Mailer, onChanged: (entityId: string) => void) {
  /** The link behind a code, or 404; a used one is 409 link_used, an expired one 409 link_expired. */
  async function usableLink(code: string): Promise<LinkRow> {
    if (!RFID_CODE_PATTERN.test(code)) throw notFound();
    const [link] = await db
      .select()
      .from(rfidEnrolmentLinks)
      .where(eq(rfidEnrolmentLinks.codeHash, sha256(code)))
      .limit(1);
    if (!link) throw notFound();
    const state = rfidLinkState({ usedAt: link.usedAt?.getTime() ?? null, expiresAt: link.expiresAt.getTime() }, now());
    if (state !== 'usable') throw new ApiError(409, state === 'used' ? 'link_used' : 'link_expired');
    return link;
  }

  return {
    /** POST /api/rfid_enrollment/link: a fresh link for the person; earlier unused links stop working. */
    async start(ctx: RequestContext, input: RfidLinkInput, link: { lang: Language; baseUrl: string }) {
      const [person] = await db
        .select({ id: users.id, email: users.email, fullName: users.fullName, lang: users.lang })
        .from(users)
        .where(and(eq(users.entityId, ctx.entityId), eq(users.id, input.user_id)));
      if (!person) throw notFound();
      assertAllowed(ctx, 'users');
      // The link enrols whoever holds it as this person's card.
      await roleGuard(db).person(ctx, [person.id], 'card');
      const code = randomBytes(24).toString('base64url');
      const at = new Date(now());
      const expiresAt = new Date(now() + RFID_LINK_TTL_MS);
      await db.transaction(async (tx) => {
        await tx
          .update(rfidEnrolmentLinks)
          .set({ usedAt: at })
          .where(
            and(
              eq(rfidEnrolmentLinks.entityId, ctx.entityId),
              eq(rfidEnrolmentLinks.userId, person.id),
              isNull(rfidEnrolmentLinks.usedAt),
            ),
          );
        await tx.insert(rfidEnrolmentLinks).values({
          entityId: ctx.entityId,
          id: uuidv7(),
          userId: person.id,
          codeHash: sha256(code),
          createdBy: ctx.userId,
          createdAt: at,
          expiresAt,
        });
      });
      const url = rfidLinkUrl(link.baseUrl, code);
      let mailed = false;
      if (input.send_email && person.email) {
        const [entity] = await db.select({ name: entities.name }).from(entities).where(eq(entities.id, ctx.entityId));
        // In the person's own language when they have chosen one, else the admin's.
        const lang = (LANGUAGES as readonly string[]).includes(person.lang) ? (person.lang as Language) : link.lang;
        const message = await rfidLinkMail({
          lang,
          to: person.email,
          name: person.fullName,
          company: entity?.name ?? '',
          url,
          expiresAt,
        });
        mailed = (await mailer.send(ctx.entityId, message)) !== 'failed';
      }
      return { url, code, expires_at: expiresAt.getTime(), mailed };
    },

    /** GET /api/rfid/{lang}/{code}: whose card the link enrols (name and company only). */
    async details(code: string): Promise<RfidLinkDetails> {
      const link = await usableLink(code);
      const [row] = await db
        .select({ fullName: users.fullName, company: entities.name, card: userCards.rfid })
        .from(users)
        .innerJoin(entities, eq(entities.id, users.entityId))
        .leftJoin(userCards, and(eq(userCards.entityId, users.entityId), eq(userCards.userId, users.id)))
        .where(and(eq(users.entityId, link.entityId), eq(users.id, link.userId)));
      if (!row) throw notFound();
      return {
        full_name: row.fullName,
        company_name: row.company,
        has_card: row.card !== null,
        expires_at: link.expiresAt.getTime(),
      };
    },

    /** POST /api/rfid/{lang}/{code}: stores the card and uses the link up, in one transaction. */
    async enrol(code: string, rfid: string) {
      const link = await usableLink(code);
      const at = new Date(now());
      try {
        await db.transaction(async (tx) => {
          // Claim the link first: of two tabs submitting at once, only one gets the row.
          const claimed = await tx
            .update(rfidEnrolmentLinks)
            .set({ usedAt: at, rfid })
            .where(
              and(
                eq(rfidEnrolmentLinks.entityId, link.entityId),
                eq(rfidEnrolmentLinks.id, link.id),
                isNull(rfidEnrolmentLinks.usedAt),
                gt(rfidEnrolmentLinks.expiresAt, at),
              ),
            )
            .returning({ id: rfidEnrolmentLinks.id });
          if (claimed.length === 0) throw new ApiError(409, 'link_used');
          const change = await storeCard(tx, link.entityId, link.userId, rfid);
          await feedChanges(tx, link.entityId, [change]);
        });
      } catch (error) {
        if (isCardClash(error)) throw new ApiError(400, 'id_exists', { rfid: ['errors.id_exists'] });
        throw error;
      }
      onChanged(link.entityId);
      return { rfid };
    },
  };
}
export type RfidEnrolmentService = ReturnType<typeof rfidEnrolmentService>;

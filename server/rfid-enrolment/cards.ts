// Storing a person's RFID card, shared by every way a card is enrolled. Kiosks identify people
// by card offline, so each write also goes to the change feed as a `personCards` row (the table
// the kiosk already pulls; before, cards reached kiosks only through the seed snapshot).
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { userCards } from '../db/schema/dashboard';
import { ApiError } from '../http/api-error';
import { feedChanges, type ChangeInput, type Executor } from '../sync/changes';

/** The kiosk's personCards row: keyed by the person, carrying the card id. */
export function cardChange(userId: string, rfid: string | null): ChangeInput {
  return rfid
    ? { table: 'personCards', id: userId, op: 'put', version: 1, data: { id: userId, rfid } }
    : { table: 'personCards', id: userId, op: 'del', version: 1, data: null };
}

/** 400 "ID already exists…" when another person of the company holds the card. */
export async function assertCardFree(db: Executor, entityId: string, userId: string, rfid: string): Promise<void> {
  const [other] = await db
    .select({ id: userCards.userId })
    .from(userCards)
    .where(and(eq(userCards.entityId, entityId), eq(userCards.rfid, rfid), sql`${userCards.userId} <> ${userId}`))
    .limit(1);
  if (other) throw new ApiError(400, 'id_exists', { rfid: ['errors.id_exists'] });
}

/** Gives the person this card (replacing any card they had); returns the feed change. */
export async function storeCard(db: Executor, entityId: string, userId: string, rfid: string): Promise<ChangeInput> {
  await assertCardFree(db, entityId, userId, rfid);
  await db
    .insert(userCards)
    .values({ entityId, userId, rfid })
    .onConflictDoUpdate({ target: [userCards.entityId, userCards.userId], set: { rfid } });
  return cardChange(userId, rfid);
}

/** Two enrolments racing for one card: the unique constraint decides, with the same message. */
export function isCardClash(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let e: unknown = error; e && typeof e === 'object' && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    const { code, constraint, message } = e as { code?: string; constraint?: string; message?: string };
    if (
      code === '23505' &&
      (constraint === 'user_cards_entity_rfid_unique' || message?.includes('user_cards_entity_rfid_unique'))
    )
      return true;
  }
  return false;
}

/** storeCard plus its feed change in one transaction (for services outside a push). */
export async function recordCard(db: Db, entityId: string, userId: string, rfid: string): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const change = await storeCard(tx, entityId, userId, rfid);
      await feedChanges(tx, entityId, [change]);
    });
  } catch (error) {
    if (isCardClash(error)) throw new ApiError(400, 'id_exists', { rfid: ['errors.id_exists'] });
    throw error;
  }
}

// Passport accounts, the company users they hold (users.passport_id) and pending invitations.
import { and, asc, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../db/database';
import { entities, passportAccounts, passportInvitations, users } from '../db/schema/index';

export type PassportAccountRow = typeof passportAccounts.$inferSelect;

export function passportRepo(db: Db) {
  return {
    async byId(id: string): Promise<PassportAccountRow | null> {
      const [row] = await db.select().from(passportAccounts).where(eq(passportAccounts.id, id));
      return row ?? null;
    },
    async byEmail(email: string): Promise<PassportAccountRow | null> {
      const [row] = await db.select().from(passportAccounts).where(eq(passportAccounts.email, email.toLowerCase()));
      return row ?? null;
    },
    async create(input: { email: string; passwordHash: string | null; lang: string }, at: Date) {
      const [row] = await db
        .insert(passportAccounts)
        .values({ ...input, id: uuidv7(), email: input.email.toLowerCase(), createdAt: at, updatedAt: at })
        .onConflictDoNothing()
        .returning();
      // A concurrent first visit may have created it: read the one that won.
      return row ?? (await this.byEmail(input.email))!;
    },
    async update(id: string, set: Partial<typeof passportAccounts.$inferInsert>, at: Date) {
      await db
        .update(passportAccounts)
        .set({ ...set, updatedAt: at })
        .where(eq(passportAccounts.id, id));
    },
    async linkUser(entityId: string, userId: string, passportId: string) {
      await db
        .update(users)
        .set({ passportId })
        .where(and(eq(users.entityId, entityId), eq(users.id, userId)));
    },
    /** This company's active person linked to the passport account (the passport QR's holder). */
    async holderIn(entityId: string, passportId: string) {
      const [row] = await db
        .select({ id: users.id, fullName: users.fullName, email: users.email, userTypeId: users.userTypeId })
        .from(users)
        .where(and(eq(users.entityId, entityId), eq(users.passportId, passportId), eq(users.archived, false)));
      return row ?? null;
    },
    async unlinkUser(entityId: string, userId: string) {
      await db
        .update(users)
        .set({ passportId: null })
        .where(and(eq(users.entityId, entityId), eq(users.id, userId)));
    },
    /** Every company user the account holds, so one password works at every company. */
    async setLinkedPasswords(passportId: string, passwordHash: string) {
      await db.update(users).set({ passwordHash }).where(eq(users.passportId, passportId));
    },
    async companies(passportId: string) {
      return db
        .select({ entity_id: entities.id, name: entities.name, user_id: users.id })
        .from(users)
        .innerJoin(entities, eq(entities.id, users.entityId))
        .where(and(eq(users.passportId, passportId), eq(users.archived, false)))
        .orderBy(asc(entities.name));
    },
    async invitations(passportId: string) {
      return db
        .select({
          id: passportInvitations.id,
          entity_id: passportInvitations.entityId,
          user_id: passportInvitations.userId,
          company_name: entities.name,
          created_at: passportInvitations.createdAt,
        })
        .from(passportInvitations)
        .innerJoin(entities, eq(entities.id, passportInvitations.entityId))
        .where(eq(passportInvitations.passportId, passportId))
        .orderBy(asc(passportInvitations.createdAt));
    },
    async invitation(passportId: string, id: string) {
      const [row] = await db
        .select()
        .from(passportInvitations)
        .where(and(eq(passportInvitations.passportId, passportId), eq(passportInvitations.id, id)));
      return row ?? null;
    },
    async invite(entityId: string, userId: string, passportId: string, at: Date) {
      await db
        .insert(passportInvitations)
        .values({ entityId, id: uuidv7(), passportId, userId, createdAt: at })
        .onConflictDoUpdate({
          target: [passportInvitations.entityId, passportInvitations.userId],
          set: { passportId, createdAt: at },
        });
    },
    async dropInvitation(entityId: string, userId: string) {
      await db
        .delete(passportInvitations)
        .where(and(eq(passportInvitations.entityId, entityId), eq(passportInvitations.userId, userId)));
    },
  };
}

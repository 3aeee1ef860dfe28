// SSO settings per company and the sign-ins in flight.
import { and, asc, eq, gt, lt, ne, or, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Executor } from '../db/database';
import { entities, ssoAttempts, ssoSettings } from '../db/schema/index';

export type SsoSettingsRow = typeof ssoSettings.$inferSelect;
export type SsoAttemptRow = typeof ssoAttempts.$inferSelect;

export function ssoRepo(db: Executor) {
  return {
    async settings(entityId: string): Promise<SsoSettingsRow | null> {
      const [row] = await db.select().from(ssoSettings).where(eq(ssoSettings.entityId, entityId)).limit(1);
      return row ?? null;
    },
    async save(entityId: string, values: Omit<SsoSettingsRow, 'entityId' | 'id'>): Promise<void> {
      await db
        .insert(ssoSettings)
        .values({ entityId, id: uuidv7(), ...values })
        .onConflictDoUpdate({ target: [ssoSettings.entityId], set: values });
    },
    /** Whether a company other than this one already claims the email domain (enabled or not).
     *  Takes a transaction lock on the domain first, so two companies saving it at once cannot
     *  both see it free. */
    async claimedElsewhere(entityId: string, domain: string): Promise<boolean> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`sso-domain:${domain}`}))`);
      const [row] = await db
        .select({ id: ssoSettings.id })
        .from(ssoSettings)
        .where(and(eq(ssoSettings.emailDomain, domain), ne(ssoSettings.entityId, entityId)))
        .limit(1);
      return Boolean(row);
    },
    /** The company a sign-in starts for: by subdomain or id, or by the email domain of its enabled
     *  SSO — the first company that claimed it (a later claim, from before claims were refused,
     *  never turns the first one's sign-in by work email off). */
    async companies(by: { company?: string; domain?: string }) {
      const cols = { id: entities.id, subdomain: entities.subdomain };
      if (by.company) {
        const key = by.company.toLowerCase();
        const isUuid = /^[0-9a-f-]{36}$/.test(key);
        return db
          .select(cols)
          .from(entities)
          .where(isUuid ? or(eq(entities.id, key), eq(entities.subdomain, key)) : eq(entities.subdomain, key))
          .limit(2);
      }
      return db
        .select(cols)
        .from(ssoSettings)
        .innerJoin(entities, eq(entities.id, ssoSettings.entityId))
        .where(and(eq(ssoSettings.emailDomain, by.domain ?? ''), eq(ssoSettings.enabled, true)))
        .orderBy(asc(ssoSettings.id))
        .limit(1);
    },
    async subdomainOf(entityId: string): Promise<string> {
      const [row] = await db.select({ s: entities.subdomain }).from(entities).where(eq(entities.id, entityId));
      return row?.s ?? '';
    },
    async addAttempt(row: Omit<SsoAttemptRow, 'id'>): Promise<void> {
      // Old attempts go as new ones come: abandoned sign-ins do not pile up.
      await db.delete(ssoAttempts).where(lt(ssoAttempts.expiresAt, row.createdAt));
      await db.insert(ssoAttempts).values({ id: uuidv7(), ...row });
    },
    /** Finds and deletes the unexpired attempt with this state in one statement: a state works once. */
    async takeAttempt(state: string, at: Date): Promise<SsoAttemptRow | null> {
      const rows = await db
        .delete(ssoAttempts)
        .where(and(eq(ssoAttempts.state, state), gt(ssoAttempts.expiresAt, at)))
        .returning();
      return rows[0] ?? null;
    },
  };
}

// Integrations (spec 1 §3, §4, §6). Every call checks the `integration` permission
// and site access (admins of the integration's selected sites may use it; another company's
// id answers 404). Credentials are sealed on the way in and never sent back.
import { and, desc, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  connectionTestInput,
  duplicateResolution,
  integrationInput,
  newConnectionTestInput,
  type IntegrationInput,
  type IntegrationWire,
  type SyncRunWire,
} from '../../domain/integrations';
import type { Db } from '../db/database';
import {
  integrationLogs,
  integrationSyncRuns,
  integrations,
  sites,
  userSiteAccess,
  userTypes,
} from '../db/schema/index';
import { invalid, notFound } from '../http/api-error';
import { parseOrThrow } from '../http/validate';
import { assertAllowed, type RequestContext } from '../http/context';
import type { CredentialsBox } from './directory-access';
import type { IntegrationSync } from './integration-sync';
import { integrationReview, type DuplicateAction } from './integration-review';
import { directoryGroups } from './integration-groups';
import {
  assertSecretForDestination,
  credentialErrors,
  mergedCredentials,
  publicCredentials,
} from './settings-credentials';
import { connectionTest } from './connection-test';
import { customTargets, unknownCustomTargets } from './custom-targets';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type Row = typeof integrations.$inferSelect;
type RunRow = typeof integrationSyncRuns.$inferSelect;

export const runWire = (r: RunRow): SyncRunWire => ({
  id: r.id,
  status_id: r.statusId,
  full: r.full,
  created: r.created,
  updated: r.updated,
  archived: r.archived,
  duplicates: r.duplicates,
  errors: r.errors,
  message: r.message,
  started_at: r.startedAt.toISOString(),
  finished_at: r.finishedAt?.toISOString() ?? null,
});

export function integrationsService(db: Db, now: () => number, box: CredentialsBox, sync: IntegrationSync) {
  const review = integrationReview(db, now, sync.changed);
  const groupsOf = directoryGroups(db, now, box);
  const tester = connectionTest(db, now, box);
  async function siteAccess(ctx: RequestContext): Promise<string[] | null> {
    const rows = await db
      .select({ siteId: userSiteAccess.siteId })
      .from(userSiteAccess)
      .where(and(eq(userSiteAccess.entityId, ctx.entityId), eq(userSiteAccess.userId, ctx.userId)));
    return rows.length ? rows.map((r) => r.siteId) : null;
  }
  const visible = (row: Row, access: string[] | null) =>
    !access || row.sites.length === 0 || row.sites.some((s) => access.includes(s));

  function wire(row: Row): IntegrationWire {
    const c = box.open(row.credentials);
    return {
      id: row.id,
      kind: row.kind,
      name: row.name,
      status: row.status,
      frequency: row.frequency,
      auto_sync: row.autoSync,
      ...publicCredentials(c),
      mapping: row.mapping,
      sites: row.sites,
      groups: row.groups,
      fields: row.fields,
      user_type_id: row.userTypeId,
      last_sync_at: row.lastSyncAt?.toISOString() ?? null,
      next_sync_at: row.nextSyncAt?.toISOString() ?? null,
    };
  }

  async function own(ctx: RequestContext, id: string): Promise<Row> {
    if (!UUID.test(id)) throw notFound();
    const [row] = await db
      .select()
      .from(integrations)
      .where(and(eq(integrations.entityId, ctx.entityId), eq(integrations.id, id)));
    if (!row) throw notFound();
    assertAllowed(ctx, 'integration');
    if (!visible(row, await siteAccess(ctx))) throw notFound();
    return row;
  }

  async function check(ctx: RequestContext, input: IntegrationInput, old?: Row) {
    const errors: Record<string, string[]> = {};
    const known = new Set(
      (await db.select({ id: sites.id }).from(sites).where(eq(sites.entityId, ctx.entityId))).map((s) => s.id),
    );
    const access = await siteAccess(ctx);
    if (input.sites.some((s) => !known.has(s) || (access && !access.includes(s))))
      errors.sites = ['validation.site_access'];
    if (input.user_type_id) {
      const [t] = await db
        .select({ id: userTypes.id })
        .from(userTypes)
        .where(and(eq(userTypes.entityId, ctx.entityId), eq(userTypes.id, input.user_type_id)));
      if (!t) errors.user_type_id = ['validation.uuid'];
    }
    Object.assign(errors, credentialErrors(input.credentials, old ? box.open(old.credentials) : null));
    Object.assign(errors, await unknownCustomTargets(db, ctx.entityId, input.mapping));
    if (Object.keys(errors).length) throw invalid(errors);
  }

  function sealed(input: IntegrationInput, old?: Row) {
    return box.seal(mergedCredentials(input.credentials, old ? box.open(old.credentials) : null));
  }

  return {
    /** The caller's integration or 404 (attendance codes and write-back find theirs through it). */
    own,
    async list(ctx: RequestContext) {
      assertAllowed(ctx, 'integration');
      const access = await siteAccess(ctx);
      const rows = await db
        .select()
        .from(integrations)
        .where(eq(integrations.entityId, ctx.entityId))
        .orderBy(integrations.name);
      return { data: rows.filter((r) => visible(r, access)).map(wire) };
    },
    async get(ctx: RequestContext, id: string) {
      return { data: wire(await own(ctx, id)) };
    },
    async create(ctx: RequestContext, input: IntegrationInput) {
      assertAllowed(ctx, 'integration');
      await check(ctx, input);
      const [row] = await db
        .insert(integrations)
        .values({
          entityId: ctx.entityId,
          id: uuidv7(),
          kind: input.credentials.kind,
          name: input.name,
          status: 'draft',
          frequency: input.frequency,
          credentials: sealed(input),
          mapping: input.mapping,
          sites: input.sites,
          groups: input.groups,
          fields: input.fields,
          userTypeId: input.user_type_id,
          createdAt: new Date(now()),
        })
        .returning();
      return { data: wire(row!) };
    },
    /** The body is parsed only after the record is found, so another company's id answers 404. */
    async update(ctx: RequestContext, id: string, body: unknown) {
      const old = await own(ctx, id);
      const input = parseOrThrow(integrationInput, body);
      await check(ctx, input, old);
      assertSecretForDestination(input.credentials, box.open(old.credentials));
      const [row] = await db
        .update(integrations)
        .set({
          name: input.name,
          frequency: input.frequency,
          credentials: sealed(input, old),
          // New credentials get another chance after 'authentication failed'.
          status: old.status === 'authentication failed' ? 'draft' : old.status,
          mapping: input.mapping,
          sites: input.sites,
          groups: input.groups,
          fields: input.fields,
          userTypeId: input.user_type_id,
        })
        .where(and(eq(integrations.entityId, ctx.entityId), eq(integrations.id, id)))
        .returning();
      return { data: wire(row!) };
    },
    async remove(ctx: RequestContext, id: string) {
      await own(ctx, id);
      await db.delete(integrations).where(and(eq(integrations.entityId, ctx.entityId), eq(integrations.id, id)));
      return { data: { id } };
    },
    async startSync(ctx: RequestContext, id: string) {
      const run = await sync.enqueue(await own(ctx, id));
      return { data: runWire(run) };
    },
    async syncStatus(ctx: RequestContext, id: string) {
      const row = await own(ctx, id);
      const run = await sync.latestRun(ctx.entityId, row.id);
      return {
        data: { status_id: run?.statusId ?? null, integration_status: row.status, run: run ? runWire(run) : null },
      };
    },
    async logs(ctx: RequestContext, id: string) {
      await own(ctx, id);
      const rows = await db
        .select()
        .from(integrationLogs)
        .where(and(eq(integrationLogs.entityId, ctx.entityId), eq(integrationLogs.integrationId, id)))
        .orderBy(desc(integrationLogs.at), desc(integrationLogs.id))
        .limit(200);
      return {
        data: rows.map((l) => ({
          id: l.id,
          run_id: l.runId,
          level: l.level,
          code: l.code,
          params: l.params,
          at: l.at.toISOString(),
        })),
      };
    },
    async duplicates(ctx: RequestContext, id: string) {
      return { data: await review.duplicates(await own(ctx, id)) };
    },
    /** The body is read only after the integration is found (another company's id → 404). */
    async resolveDuplicate(ctx: RequestContext, id: string, body: unknown) {
      const integ = await own(ctx, id);
      const input = parseOrThrow(duplicateResolution, body);
      return { data: await review.resolve(integ, input.external_id, input.action as DuplicateAction) };
    },
    /** The directory's groups for the settings picker, read live (server/integrations/integration-groups.ts). */
    async groups(ctx: RequestContext, id: string) {
      return { data: await groupsOf(await own(ctx, id)) };
    },
    /** One page of people with the saved (or just-typed) credentials (server/integrations/connection-test.ts). */
    async testConnection(ctx: RequestContext, id: string, body: unknown) {
      const integ = await own(ctx, id);
      const input = parseOrThrow(connectionTestInput, body ?? {});
      return { data: await tester.saved(integ, input.credentials ?? null) };
    },
    async testNewConnection(ctx: RequestContext, body: unknown) {
      assertAllowed(ctx, 'integration');
      return { data: await tester.unsaved(parseOrThrow(newConnectionTestInput, body).credentials) };
    },
    /** The custom fields a mapping may fill for people of a user type (another company's type: 404). */
    async customTargets(ctx: RequestContext, userTypeId: string | undefined) {
      assertAllowed(ctx, 'integration');
      if (userTypeId) {
        if (!UUID.test(userTypeId)) throw notFound();
        const [t] = await db
          .select({ id: userTypes.id })
          .from(userTypes)
          .where(and(eq(userTypes.entityId, ctx.entityId), eq(userTypes.id, userTypeId)));
        if (!t) throw notFound();
      }
      return { data: await customTargets(db, ctx.entityId, userTypeId ?? null) };
    },
    async people(ctx: RequestContext, id: string) {
      return { data: await review.people(await own(ctx, id)) };
    },
    async setActive(ctx: RequestContext, id: string, on: boolean) {
      const old = await own(ctx, id);
      const status = on ? (old.lastSyncAt ? 'active' : 'draft') : 'inactive';
      const [row] = await db
        .update(integrations)
        .set({ autoSync: on, status })
        .where(and(eq(integrations.entityId, ctx.entityId), eq(integrations.id, id)))
        .returning();
      return { data: wire(row!) };
    },
  };
}
export type IntegrationsService = ReturnType<typeof integrationsService>;

// Journeys and their flows (spec 1 §3–§6). Each method finds the record in the caller's company
// first (else 404), then checks the permission, then the payload with the domain's schemas and
// rules; writes go through the change feed, under its lock, so name checks cannot race.
import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { readJourneySettings } from '../../domain/journey';
import {
  flowInput,
  flowRuleErrors,
  journeyInput,
  journeyRuleErrors,
  nameTaken,
  type FlowInput,
  type JourneyInput,
} from '../../domain/journey-config';
import { textIn, type LocalizedText } from '../../domain/localized-text';
import type { FieldErrors } from '../../domain/validation';
import type { Db } from '../db/database';
import { journeyFlows, journeys } from '../db/schema/journeys';
import { ApiError, forbidden, invalid, notFound } from '../http/api-error';
import { assertAllowed, type RequestContext } from '../http/context';
import { parseOrThrow } from '../http/validate';
import { feedChanges, withFeed, type ChangeInput, type Tx } from '../sync/changes';
import { areaAccess, signOutWhereAccessEnded } from '../auto-sign-out/area-access';
import { flowChange, journeyChange, type FlowRow, type JourneyRow } from './journeys.projections';
import { journeysRepo, type VisitInUse } from './journeys.repo';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const labelOf = (r: { name: string; names: LocalizedText | null }): LocalizedText => r.names ?? r.name;

export const journeyWire = (r: JourneyRow, flowsCount?: number) => ({
  id: r.id,
  name: labelOf(r),
  description: r.description,
  logo: r.logo,
  settings: readJourneySettings(r.settings),
  version: r.version,
  ...(flowsCount === undefined ? {} : { flows_count: flowsCount }),
});
export const flowWire = (r: FlowRow) => ({
  id: r.id,
  journey_id: r.journeyId,
  name: labelOf(r),
  description: r.description,
  user_type_id: r.userTypeId,
  settings: r.settings,
  version: r.version,
});

const inUse = (code: 'journey_site_in_use' | 'journey_remote_in_use', field: string, used: VisitInUse[]) =>
  new ApiError(
    400,
    code,
    { [field]: [`validation.${code.replace('journey_', '')}`] },
    {
      visits: used.map((u) => `${u.person} (${u.area})`).join(', '),
    },
  );

export function journeysService(db: Db, now: () => number, onChanged: (entityId: string) => void) {
  const repo = journeysRepo(db);

  /** The journey in the caller's company and sites, else 404 (never another company's data). */
  /** Writes the journey's changes, then auto-signs-out people whose user type lost its access to
   * an area by them (spec 1 §4), in the same transaction; nothing is left for withFeed to write. */
  async function settle(tx: Tx, entityId: string, access: ReadonlySet<string>, changes: ChangeInput[]) {
    await feedChanges(tx, entityId, changes);
    await signOutWhereAccessEnded(tx, entityId, access, now());
    return [];
  }

  async function ownJourney(ctx: RequestContext, id: string) {
    const row = UUID.test(id) ? await repo.journey(ctx.entityId, id) : undefined;
    if (!row) throw notFound();
    const access = await repo.siteAccess(ctx.entityId, ctx.userId);
    const sites = readJourneySettings(row.settings).sites;
    if (access && sites.length > 0 && !sites.some((s) => access.includes(s))) throw forbidden();
    return row;
  }

  async function ownFlow(ctx: RequestContext, id: string) {
    const found = UUID.test(id) ? await repo.flow(ctx.entityId, id) : undefined;
    if (!found) throw notFound();
    await ownJourney(ctx, found.journeys.id);
    return found.journey_flows;
  }

  const fail = (errors: FieldErrors) => {
    if (Object.keys(errors).length) throw invalid(errors);
  };

  async function checkJourney(ctx: RequestContext, input: JourneyInput, tx: Tx, id?: string) {
    const r = journeysRepo(tx);
    const methods = await r.typeMethods(ctx.entityId);
    const flowTypes = id ? (await r.flowsOf(ctx.entityId, id)).map((f) => f.userTypeId).filter((x) => x !== null) : [];
    const errors = journeyRuleErrors(input, { methodOf: (t) => methods.get(t) }, flowTypes);
    const siteIds = await r.siteIds(ctx.entityId);
    const access = await r.siteAccess(ctx.entityId, ctx.userId);
    const s = input.settings;
    if (s.sites.some((x) => !siteIds.has(x) || (access && !access.includes(x))))
      errors['settings.sites'] = ['validation.site_access'];
    const areaIds = await r.areaIds(ctx.entityId);
    if (s.areas.some((x) => !areaIds.has(x))) errors['settings.areas'] = ['validation.uuid'];
    const others = (await r.list(ctx.entityId)).filter((j) => j.id !== id);
    if (nameTaken(input.name, others.map(labelOf))) errors.name = ['validation.name_taken'];
    fail(errors);
  }

  async function checkFlow(ctx: RequestContext, input: FlowInput, journeyId: string, tx: Tx, id?: string) {
    const r = journeysRepo(tx);
    const methods = await r.typeMethods(ctx.entityId);
    const siblings = (await r.flowsOf(ctx.entityId, journeyId)).filter((f) => f.id !== id);
    const errors = flowRuleErrors(
      input,
      { methodOf: (t) => methods.get(t) },
      siblings.map((f) => f.userTypeId).filter((x) => x !== null),
    );
    if (nameTaken(input.name, siblings.map(labelOf))) errors.name = ['validation.name_taken'];
    fail(errors);
  }

  const texts = (name: LocalizedText) => ({ name: textIn(name, 'en'), names: name });

  return {
    async list(ctx: RequestContext) {
      assertAllowed(ctx, 'show_journey_list');
      const access = await repo.siteAccess(ctx.entityId, ctx.userId);
      const counts = new Map((await repo.flowCounts(ctx.entityId)).map((c) => [c.journeyId, c.n]));
      return (await repo.list(ctx.entityId))
        .filter((j) => {
          const sites = readJourneySettings(j.settings).sites;
          return !access || sites.length === 0 || sites.some((s) => access.includes(s));
        })
        .map((j) => journeyWire(j, counts.get(j.id) ?? 0));
    },

    async get(ctx: RequestContext, id: string) {
      const row = await ownJourney(ctx, id);
      assertAllowed(ctx, 'show_journey_list');
      return { ...journeyWire(row), flows: (await repo.flowsOf(ctx.entityId, id)).map(flowWire) };
    },

    async create(ctx: RequestContext, body: unknown) {
      assertAllowed(ctx, 'create_journey');
      const input = parseOrThrow(journeyInput, body);
      const row = await withFeed(db, ctx.entityId, async (tx) => {
        await checkJourney(ctx, input, tx);
        const [created] = await tx
          .insert(journeys)
          .values({ entityId: ctx.entityId, id: uuidv7(), ...texts(input.name), ...rest(input) })
          .returning();
        return { result: created!, changes: [journeyChange(created!)] };
      });
      onChanged(ctx.entityId);
      return journeyWire(row, 0);
    },

    async update(ctx: RequestContext, id: string, body: unknown) {
      const before = await ownJourney(ctx, id);
      assertAllowed(ctx, 'edit_journey');
      const input = parseOrThrow(journeyInput, body);
      const row = await withFeed(db, ctx.entityId, async (tx) => {
        await checkJourney(ctx, input, tx, id);
        const access = await areaAccess(tx, ctx.entityId);
        const old = readJourneySettings(before.settings);
        const r = journeysRepo(tx);
        // A site whose access is taken away, or remote work switched off, while visits use it.
        const next = input.settings.sites;
        const wereOpen = old.sites.length ? old.sites : next.length ? [...(await r.siteIds(ctx.entityId))] : [];
        const removed = next.length === 0 ? [] : wereOpen.filter((s) => !next.includes(s));
        const onRemoved = await r.openVisits(ctx.entityId, id, { siteIds: removed });
        if (onRemoved.length) throw inUse('journey_site_in_use', 'settings.sites', onRemoved);
        if (old.remote_work && !input.settings.remote_work) {
          const open = await r.openVisits(ctx.entityId, id, {});
          if (open.length) throw inUse('journey_remote_in_use', 'settings.remote_work', open);
        }
        const [updated] = await tx
          .update(journeys)
          .set({ ...texts(input.name), ...rest(input), version: before.version + 1 })
          .where(and(eq(journeys.entityId, ctx.entityId), eq(journeys.id, id)))
          .returning();
        return { result: updated!, changes: await settle(tx, ctx.entityId, access, [journeyChange(updated!)]) };
      });
      onChanged(ctx.entityId);
      return journeyWire(row);
    },

    async remove(ctx: RequestContext, id: string) {
      const before = await ownJourney(ctx, id);
      assertAllowed(ctx, 'edit_journey');
      await withFeed(db, ctx.entityId, async (tx) => {
        const access = await areaAccess(tx, ctx.entityId);
        const at = new Date(now());
        const [gone] = await tx
          .update(journeys)
          .set({ deletedAt: at, version: before.version + 1 })
          .where(and(eq(journeys.entityId, ctx.entityId), eq(journeys.id, id)))
          .returning();
        const flows = await tx
          .update(journeyFlows)
          .set({ deletedAt: at })
          .where(and(eq(journeyFlows.entityId, ctx.entityId), eq(journeyFlows.journeyId, id)))
          .returning();
        return {
          result: null,
          changes: await settle(tx, ctx.entityId, access, [journeyChange(gone!), ...flows.map(flowChange)]),
        };
      });
      onChanged(ctx.entityId);
    },

    async flows(ctx: RequestContext, journeyId: string) {
      await ownJourney(ctx, journeyId);
      assertAllowed(ctx, 'show_journey_list');
      return (await repo.flowsOf(ctx.entityId, journeyId)).map(flowWire);
    },

    async getFlow(ctx: RequestContext, id: string) {
      const row = await ownFlow(ctx, id);
      assertAllowed(ctx, 'show_journey_list');
      return flowWire(row);
    },

    async createFlow(ctx: RequestContext, journeyId: string, body: unknown) {
      await ownJourney(ctx, journeyId);
      assertAllowed(ctx, 'add_journey_flow');
      const input = parseOrThrow(flowInput, body);
      const row = await withFeed(db, ctx.entityId, async (tx) => {
        await checkFlow(ctx, input, journeyId, tx);
        const [created] = await tx
          .insert(journeyFlows)
          .values({ entityId: ctx.entityId, id: uuidv7(), journeyId, ...texts(input.name), ...flowRest(input) })
          .returning();
        return { result: created!, changes: [flowChange(created!)] };
      });
      onChanged(ctx.entityId);
      return flowWire(row);
    },

    async updateFlow(ctx: RequestContext, id: string, body: unknown) {
      const before = await ownFlow(ctx, id);
      assertAllowed(ctx, 'edit_journey_flow');
      const input = parseOrThrow(flowInput, body);
      const row = await withFeed(db, ctx.entityId, async (tx) => {
        await checkFlow(ctx, input, before.journeyId, tx, id);
        const access = await areaAccess(tx, ctx.entityId);
        const [updated] = await tx
          .update(journeyFlows)
          .set({ ...texts(input.name), ...flowRest(input), version: before.version + 1 })
          .where(and(eq(journeyFlows.entityId, ctx.entityId), eq(journeyFlows.id, id)))
          .returning();
        return { result: updated!, changes: await settle(tx, ctx.entityId, access, [flowChange(updated!)]) };
      });
      onChanged(ctx.entityId);
      return flowWire(row);
    },

    async removeFlow(ctx: RequestContext, id: string) {
      const before = await ownFlow(ctx, id);
      assertAllowed(ctx, 'edit_journey_flow');
      await withFeed(db, ctx.entityId, async (tx) => {
        const access = await areaAccess(tx, ctx.entityId);
        const [gone] = await tx
          .update(journeyFlows)
          .set({ deletedAt: new Date(now()), version: before.version + 1 })
          .where(and(eq(journeyFlows.entityId, ctx.entityId), eq(journeyFlows.id, id)))
          .returning();
        return { result: null, changes: await settle(tx, ctx.entityId, access, [flowChange(gone!)]) };
      });
      onChanged(ctx.entityId);
    },
  };
}
export type JourneysService = ReturnType<typeof journeysService>;

const rest = (i: JourneyInput) => ({ description: i.description, logo: i.logo, settings: i.settings });
const flowRest = (i: FlowInput) => ({ description: i.description, userTypeId: i.user_type_id, settings: i.settings });

// The admin and host side (spec 2 §1, §4 "Visit approval"): add expected visitors, approve,
// reject, edit, delete. Approval shares one apply with the offline sync mutations.
import { and, eq, ne, or, sql } from 'drizzle-orm';
import { isVisitInPast, visitInstant } from '../../domain/preregistration';
import { canApply, decisionOutcome, targetOf, type ApprovalAction } from '../../domain/preregistration-visit';
import { orNull, type ExpectedVisitorInput } from '../../domain/preregistration-schemas';
import type { Db } from '../db/database';
import { users } from '../db/schema/people';
import { ApiError, invalid, notFound } from '../http/api-error';
import type { RequestContext } from '../http/context';
import type { Mailer } from '../mail/mailer';
import type { ChangeInput, Tx } from '../sync/changes';
import { flagsOf, flowById, flowIn, hostSettingsOf, isHost, listHosts, userTypeIn, type Flow } from './flows';
import { inviteVisitor, personalLink, type LinkContext } from './invite';
import type { VisitRow } from './projections';
import { inviteOnFile, releaseHold } from './visit-hold';
import { assertManagesVisit, hostForNewVisit, managesVisit, visitListHost } from './visit-access';
import { visitQr } from './signing';
import {
  findOrCreatePerson,
  graceOf,
  insertVisit,
  listVisits,
  reissueCode,
  updateVisit,
  visitById,
  withFeed,
} from './visits.repo';

/** How many hosts GET /hosts/{journeyId}/{userTypeId} lists (the rest are found by search). */
const HOSTS_LISTED = 100;

/** Approve or reject inside a transaction; `strict` (the REST calls) refuses a wrong starting state. */
export async function applyDecision(
  tx: Tx,
  ctx: Pick<RequestContext, 'entityId' | 'userId' | 'permissions'>,
  visitId: string,
  decision: 'approve' | 'reject',
  now: number,
  strict?: ApprovalAction,
): Promise<{ visit: VisitRow; changes: ChangeInput[]; code?: string }> {
  const { entityId, userId } = ctx;
  const v = await visitById(tx, entityId, visitId, true);
  if (!v || v.deletedAt !== null) throw notFound();
  assertManagesVisit(ctx, v);
  if (v.status === 'held') {
    // Approving a held registration mails its QR code to the address on file, which only the
    // online call can do: the offline approval is refused (a rejection the admin sees).
    if (!strict && decision === 'approve') throw new ApiError(409, 'action_not_allowed');
    return releaseHold(tx, v, decision === 'approve' ? 'approved' : 'rejected', new Date(now), userId);
  }
  if (strict ? !canApply(strict, v.status) : decisionOutcome(decision, v.status) === 'noop') {
    if (strict) throw new ApiError(409, 'action_not_allowed');
    return { visit: v, changes: [] };
  }
  return updateVisit(
    tx,
    v,
    { status: decision === 'approve' ? 'approved' : 'rejected', decidedBy: userId },
    new Date(now),
  );
}

export function expectedVisitsService(
  db: Db,
  now: () => number,
  mailer: Mailer,
  onChanged: (entityId: string) => void,
) {
  const instantOf = (i: { visit_date: string; visit_time: string; tz_offset: number }, field = 'visit_date') => {
    const at = visitInstant(i.visit_date, i.visit_time, i.tz_offset);
    if (at === null) throw invalid({ [field]: ['errors.visit_date_invalid'] });
    if (isVisitInPast(at, now())) throw new ApiError(400, 'visit_in_past', { [field]: ['errors.visit_in_past'] });
    return at;
  };
  /** A flow of the caller's company; another company's, or a deleted one, is not found. */
  const ownFlow = async (ctx: RequestContext, flowId: string) => {
    const flow = await flowById(db, flowId);
    if (flow.entityId !== ctx.entityId) throw notFound();
    return flow;
  };
  const written = <T>(entityId: string, value: T) => {
    onChanged(entityId);
    return value;
  };

  return {
    /** Spec 2 §7 GET /hosts/{journeyId}/{userTypeId}: the host settings of a flow of the caller's
     * company with its hosts listed (the public variant lists none). */
    async hosts(ctx: RequestContext, flowId: string, userTypeId: string) {
      const flow = await ownFlow(ctx, flowId);
      await userTypeIn(db, ctx.entityId, userTypeId);
      const settings = hostSettingsOf(flow);
      return { ...settings, hosts: settings.host_enabled ? await listHosts(db, flow, '', HOSTS_LISTED) : [] };
    },

    /** Spec 2 §7 POST /host/search, the authenticated variant: by name or e-mail, ten at most. */
    async searchHosts(ctx: RequestContext, flowId: string, search: string) {
      const flow = await ownFlow(ctx, flowId);
      return listHosts(db, flow, search, 10);
    },

    /** Admins (users permission) see every visit; a host sees the visits they host. */
    async list(ctx: RequestContext) {
      const rows = await listVisits(db, ctx.entityId, visitListHost(ctx));
      return rows.map(({ visit: v, fullName, email, phone }) => ({
        id: v.id,
        full_name: fullName,
        email,
        phone,
        status: v.status,
        visit_date: v.visitDate,
        visit_time: v.visitTime,
        visit_at: v.visitAt,
        journey_flow_id: v.journeyFlowId,
        area_id: v.areaId,
        host_id: v.hostId,
        user_type_id: v.userTypeId,
        company_name: v.companyName,
        confirmed: v.confirmedAt !== null,
        arrived_at: v.arrivedAt,
        version: v.version,
      }));
    },

    async add(ctx: RequestContext, visitors: ExpectedVisitorInput[], link: LinkContext) {
      const prepared: Array<{
        i: ExpectedVisitorInput;
        flow: Flow;
        type: Awaited<ReturnType<typeof userTypeIn>>;
        host: string | null;
        at: number;
      }> = [];
      for (const [index, i] of visitors.entries()) {
        const flow = await flowById(db, i.journey_flow_id);
        if (flow.entityId !== ctx.entityId) throw notFound();
        const type = await userTypeIn(db, ctx.entityId, i.user_type_id);
        const host = hostForNewVisit(ctx, orNull(i.host));
        if (host && !(await isHost(db, flow, host))) throw notFound();
        prepared.push({ i, flow, type, host, at: instantOf(i, `visitors.${index}.visit_date`) });
      }
      const nowDate = new Date(now());
      const made = await withFeed(db, ctx.entityId, async (tx) => {
        const out = [];
        const changes: ChangeInput[] = [];
        for (const p of prepared) {
          const { person, changes: personChanges } = await findOrCreatePerson(
            tx,
            ctx.entityId,
            {
              email: p.i.email,
              phone: p.i.phone,
              countryCode: p.i.country_code,
              firstName: p.i.first_name,
              lastName: p.i.last_name,
              userTypeId: p.type.id,
            },
            nowDate,
          );
          const created = await insertVisit(
            tx,
            {
              entityId: ctx.entityId,
              personId: person.id,
              journeyFlowId: p.flow.id,
              areaId: orNull(p.i.area_id),
              userTypeId: p.type.id,
              hostId: p.host,
              visitDate: p.i.visit_date,
              visitTime: p.i.visit_time,
              visitAt: p.at,
              status: 'expected',
              registrationMethod: p.type.registrationMethod,
              flags: flagsOf(p.flow),
              createdBy: ctx.userId,
            },
            nowDate,
          );
          changes.push(...personChanges, ...created.changes);
          out.push({ ...created, person, grace: p.type.gracePeriodMinutes });
        }
        return { result: out, changes };
      });
      for (const m of made)
        await inviteVisitor(db, mailer, link, m.visit, m.person, m.code, await visitQr(db, now, m.visit, m.grace));
      return written(
        ctx.entityId,
        made.map((m) => ({ visit_id: m.visit.id, person_id: m.person.id })),
      );
    },

    /** The visitor's personal link for an admin to hand over without mail. */
    async personalLink(ctx: RequestContext, visitId: string, baseUrl: string) {
      const v = await visitById(db, ctx.entityId, visitId);
      if (!v || v.deletedAt !== null) throw notFound();
      assertManagesVisit(ctx, v);
      const code = await reissueCode(db, v, new Date(now()));
      return { visit_id: v.id, link: personalLink(baseUrl, v.visitUrl, code) };
    },

    async decide(ctx: RequestContext, action: ApprovalAction, visitId: string, baseUrl = 'http://localhost') {
      const { visit, code } = await withFeed(db, ctx.entityId, async (tx) => {
        const r = await applyDecision(
          tx,
          ctx,
          visitId,
          targetOf(action) === 'approved' ? 'approve' : 'reject',
          now(),
          action,
        );
        return { result: r, changes: r.changes };
      });
      // A held registration an admin approved: the invitation goes to the address on file.
      if (code && visit.status === 'approved')
        await inviteOnFile(db, now, mailer, { lang: ctx.lang, baseUrl }, visit, code);
      return written(ctx.entityId, { visit_id: visit.id, status: visit.status });
    },

    async edit(
      ctx: RequestContext,
      b: {
        visit_id: string;
        visit_date?: string;
        visit_time?: string;
        tz_offset: number;
        area_id?: string;
        host?: string;
        company_name?: string;
      },
    ) {
      const visit = await withFeed(db, ctx.entityId, async (tx) => {
        const v = await visitById(tx, ctx.entityId, b.visit_id, true);
        if (!v || v.deletedAt !== null) throw notFound();
        assertManagesVisit(ctx, v);
        const date = b.visit_date ?? v.visitDate;
        const time = b.visit_time ?? v.visitTime;
        const moved = b.visit_date !== undefined || b.visit_time !== undefined;
        const host = b.host === undefined ? v.hostId : orNull(b.host);
        if (host && host !== v.hostId && !(await isHost(tx, await flowIn(tx, ctx.entityId, v.journeyFlowId), host)))
          throw notFound();
        const r = await updateVisit(
          tx,
          v,
          {
            visitDate: date,
            visitTime: time,
            visitAt: moved ? instantOf({ visit_date: date, visit_time: time, tz_offset: b.tz_offset }) : v.visitAt,
            areaId: b.area_id === undefined ? v.areaId : orNull(b.area_id),
            hostId: host,
            companyName: b.company_name ?? v.companyName,
          },
          new Date(now()),
        );
        return { result: r.visit, changes: r.changes };
      });
      return written(ctx.entityId, { visit_id: visit.id, version: visit.version });
    },

    async remove(ctx: RequestContext, visitId: string) {
      await withFeed(db, ctx.entityId, async (tx) => {
        const v = await visitById(tx, ctx.entityId, visitId, true);
        if (!v || v.deletedAt !== null) throw notFound();
        assertManagesVisit(ctx, v);
        const r = await updateVisit(tx, v, { deletedAt: now() }, new Date(now()));
        return { result: null, changes: r.changes };
      });
      return written(ctx.entityId, { visit_id: visitId });
    },

    /** POST /api/validate-user-update: duplicate email/phone within the caller's entity. */
    async validateUserUpdate(ctx: RequestContext, email?: string, phone?: string, userId?: string) {
      const errors: Record<string, string[]> = {};
      const others = (cond: ReturnType<typeof eq>) =>
        db
          .select({ email: users.email, phone: users.phone })
          .from(users)
          .where(and(eq(users.entityId, ctx.entityId), cond, userId ? ne(users.id, userId) : sql`true`))
          .limit(1);
      if (email && (await others(eq(users.email, email))).length) errors.email = ['errors.email_exists'];
      if (phone && (await others(or(eq(users.phone, phone))!)).length) errors.phone = ['errors.phone_exists'];
      return errors;
    },

    async photo(ctx: RequestContext, visitId: string) {
      const v = await visitById(db, ctx.entityId, visitId);
      if (!v?.photoBase64 || !managesVisit(ctx, v)) throw notFound();
      return { type: v.photoType === 'png' ? 'image/png' : 'image/jpeg', bytes: Buffer.from(v.photoBase64, 'base64') };
    },

    graceOf: (entityId: string, userTypeId: string | null) => graceOf(db, entityId, userTypeId),
  };
}
export type ExpectedVisitsService = ReturnType<typeof expectedVisitsService>;

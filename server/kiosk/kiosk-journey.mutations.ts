// Server applies of kiosk.journey and kiosk.signOut. The server judges the journey itself:
// it reads the configuration it holds (form, flow, the new person's type, the expected visit),
// derives stage and sign-in with domain/kiosk-journey.ts (the function the kiosk used) and
// stores what IT derived; the device's stage is only what the visitor was shown. Everything is
// written in the push's savepoint for this mutation: a rejection leaves no row behind.
import { and, eq } from 'drizzle-orm';
import type { ArgsOf } from '../../sync/catalogue';
import { deriveJourney } from '../../domain/kiosk-journey';
import type { RegistrationMethod } from '../../domain/journey';
import { parseTemperature } from '../../domain/temperature';
import { journeyFlows, journeys } from '../db/schema/journeys';
import { complianceForms } from '../db/schema/kiosk-config';
import { formAsAnswered } from '../compliance/compliance.repo';
import { complianceAnswers, hostNotifications, kioskVisits, visitChecks } from '../db/schema/kiosk';
import { users } from '../db/schema/people';
import { userDocuments } from '../db/schema/user-documents';
import { checkDocumentFile } from '../compliance/document-file';
import { keepVisitorCertificate } from '../people/visitor-certificate';
import { keepAnswersOnProfile } from '../people/person-custom-fields';
import { areas } from '../db/schema/places';
import { ApiError, notFound } from '../http/api-error';
import { expectedVisitChanges } from '../preregistration/projections';
import { mayRecordArrival } from '../preregistration/visit-access';
import { updateVisit, visitById } from '../preregistration/visits.repo';
import type { ApplyContext, FeatureMutations } from '../sync/handlers';
import { recordVisitEvents } from '../visits/record-visit-events';
import { checkVisitCustomFields } from './kiosk-checks';
import { rowChange } from './kiosk.projections';
import { mustBeCompanyReason } from './sign-out-reason';
import { registerVisitor } from './visitor-registration';

type JourneyArgs = ArgsOf<'kiosk.journey'>;

/** One row of this entity by id, or 404 (another company's id is one this caller cannot see). */
async function mustFind<T>(rows: Promise<T[]>): Promise<T> {
  const [row] = await rows;
  if (!row) throw notFound();
  return row;
}

async function personOf(a: ApplyContext, personId: string) {
  return mustFind(
    a.tx
      .select({ id: users.id, userTypeId: users.userTypeId })
      .from(users)
      .where(and(eq(users.entityId, a.ctx.entityId), eq(users.id, personId))),
  );
}

/** The configuration the journey names, each inside the caller's company. */
async function configOf(a: ApplyContext, args: JourneyArgs) {
  const entityId = a.ctx.entityId;
  await mustFind(
    a.tx
      .select({ id: areas.id })
      .from(areas)
      .where(and(eq(areas.entityId, entityId), eq(areas.id, args.areaId))),
  );
  if (args.journeyId)
    await mustFind(
      a.tx
        .select({ id: journeys.id })
        .from(journeys)
        .where(and(eq(journeys.entityId, entityId), eq(journeys.id, args.journeyId))),
    );
  const flow = args.journeyFlowId
    ? await mustFind(
        a.tx
          .select()
          .from(journeyFlows)
          .where(and(eq(journeyFlows.entityId, entityId), eq(journeyFlows.id, args.journeyFlowId))),
      )
    : null;
  if (flow && args.journeyId && flow.journeyId !== args.journeyId) throw notFound();
  // Judged against the version the kiosk asked, which may be older than the current form.
  const form = args.compliance
    ? await formAsAnswered(
        a.tx,
        await mustFind(
          a.tx
            .select()
            .from(complianceForms)
            .where(and(eq(complianceForms.entityId, entityId), eq(complianceForms.id, args.compliance.complianceId))),
        ),
        args.compliance.complianceVersion,
      )
    : null;
  const expected = args.expectedVisitId ? await visitById(a.tx, entityId, args.expectedVisitId, true) : null;
  if (args.expectedVisitId && (!expected || expected.personId !== args.personId || !mayRecordArrival(a.ctx, expected)))
    throw notFound();
  if (args.host) await personOf(a, args.host.hostId);
  const raw = args.checks?.temperature?.raw;
  if (raw !== undefined && !parseTemperature(raw))
    throw new ApiError(400, 'validation_failed', { temperature: ['temperature.invalid'] });
  await checkVisitCustomFields(a.tx, entityId, args.journeyFlowId, args.customFields);
  return { flow, form, expected };
}

/** The person's documents as the rule reads them (the server holds their whole details). */
async function documentsOf(a: ApplyContext, personId: string) {
  return a.tx
    .select({
      type: userDocuments.type,
      status: userDocuments.status,
      expiryDate: userDocuments.expiryDate,
      details: userDocuments.details,
    })
    .from(userDocuments)
    .where(and(eq(userDocuments.entityId, a.ctx.entityId), eq(userDocuments.userId, personId)));
}

/** The certificate photo the visitor took at the kiosk (server/people/visitor-certificate.ts): a
 * photo that is not one is left out, the visit itself is never lost for it. */
async function keepCertificatePhoto(a: ApplyContext, args: JourneyArgs, at: number): Promise<boolean> {
  const c = args.certificate!;
  const file = await checkDocumentFile(c.photo).catch((error: unknown) => {
    if (error instanceof ApiError) return null;
    throw error;
  });
  if (!file) return false;
  return keepVisitorCertificate(a.tx, a.change, {
    entityId: a.ctx.entityId,
    documentId: c.documentId,
    personId: args.personId,
    complianceId: args.compliance!.complianceId,
    type: c.type,
    file,
    at,
  });
}

async function journey(a: ApplyContext, args: JourneyArgs): Promise<void> {
  const entityId = a.ctx.entityId;
  const kioskId = a.ctx.userId;
  const at = a.time(args.at);
  // A new person first, so that a refused registration rejects the whole journey.
  const registered = args.registration ? await registerVisitor(a, args.registration) : null;
  const userTypeId = registered ? registered.userTypeId : (await personOf(a, args.personId)).userTypeId;
  const { flow, form, expected } = await configOf(a, args);
  const d = deriveJourney(
    args,
    {
      form,
      documents: form?.documentRequired ? await documentsOf(a, args.personId) : [],
      flowSettings: flow?.settings,
      registrationMethod: (registered?.method ?? null) as RegistrationMethod | null,
      expectedVisitStatus: expected?.status ?? null,
    },
    kioskId,
  );
  // The sign-in as the server judges it (late / early replaces the device's reason and code);
  // the visit's row below keeps the same judged details.
  if (d.signedIn) {
    const [recorded] = await recordVisitEvents(a.tx, { entityId, change: a.change }, [
      {
        id: args.signInEventId,
        personId: args.personId,
        kind: 'in',
        areaId: args.areaId,
        journeyFlowId: args.journeyFlowId ?? null,
        userTypeId,
        at,
        deviceId: a.deviceId,
        mutationId: a.mutationId,
        recordedBy: kioskId,
        receivedAt: a.receivedAt,
        clockUntrusted: !a.clockTrusted,
        details: d.details as Record<string, unknown>,
        judge: { source: 'kiosk', journeyId: args.journeyId ?? null },
      },
    ]);
    d.details = recorded!.details as typeof d.details;
  }

  if (args.compliance && d.compliance) {
    const c = args.compliance;
    const [row] = await a.tx
      .insert(complianceAnswers)
      .values({
        entityId,
        id: c.answerId,
        personId: args.personId,
        complianceId: c.complianceId,
        complianceVersion: c.complianceVersion,
        answers: c.answers,
        outcome: d.compliance.outcome,
        isWrong: d.compliance.isWrong,
        visitId: args.visitId,
        areaId: args.areaId,
        userTypeId,
        at,
      })
      .onConflictDoNothing()
      .returning();
    if (row) a.change(rowChange('complianceAnswers', row));
  }
  if (args.checks) {
    const [row] = await a.tx
      .insert(visitChecks)
      .values({
        entityId,
        id: args.checks.checkId,
        personId: args.personId,
        visitId: args.visitId,
        mask: args.checks.mask ?? null,
        temperature: d.temperature,
        passed: d.checksPassed,
        at,
      })
      .onConflictDoNothing()
      .returning();
    if (row) a.change(rowChange('visitChecks', row));
  }
  // The visit names the photo only when the profile holds it.
  if (args.certificate && !(await keepCertificatePhoto(a, args, at))) delete d.details.certificate;
  const [visit] = await a.tx
    .insert(kioskVisits)
    .values({
      entityId,
      id: args.visitId,
      personId: args.personId,
      kioskId,
      areaId: args.areaId,
      journeyId: args.journeyId ?? null,
      journeyFlowId: args.journeyFlowId ?? null,
      stage: d.stage,
      signedIn: d.signedIn,
      details: d.details,
      customFields: args.customFields,
      at,
    })
    .onConflictDoNothing()
    .returning();
  if (visit) a.change(rowChange('kioskVisits', visit));
  // What the visitor answered is theirs: the values join their profile, where the user form shows
  // them (values of fields not asked this time stay). Only with the visit's first recording.
  if (visit && args.customFields.length) await keepAnswersOnProfile(a, args.personId, args.customFields);

  if (d.signedIn) {
    if (expected && expected.arrivedAt === null) {
      for (const c of (await updateVisit(a.tx, expected, { arrivedAt: at }, a.receivedAt)).changes) a.change(c);
    }
  } else {
    // The device may have signed the person in on its own judgement: the tombstone and the
    // expected visit as stored take its optimistic rows back at the next pull.
    a.change({ table: 'visitEvents', id: args.signInEventId, op: 'del', version: 1, data: null });
    if (expected) for (const c of expectedVisitChanges(expected)) a.change(c);
  }
  if (args.host) {
    // The row is the mail outbox (mail_status queued); its change poke is the dashboard's live event.
    const [row] = await a.tx
      .insert(hostNotifications)
      .values({
        entityId,
        id: args.host.notificationId,
        hostId: args.host.hostId,
        personId: args.personId,
        visitId: args.visitId,
        message: args.host.message ?? null,
        at,
      })
      .onConflictDoNothing()
      .returning();
    if (row) a.change(rowChange('hostNotifications', row));
  }
}

async function signOut(a: ApplyContext, args: ArgsOf<'kiosk.signOut'>): Promise<void> {
  const entityId = a.ctx.entityId;
  const person = await personOf(a, args.personId);
  await mustFind(
    a.tx
      .select({ id: areas.id })
      .from(areas)
      .where(and(eq(areas.entityId, entityId), eq(areas.id, args.areaId))),
  );
  await mustBeCompanyReason(a.tx, entityId, args.reason?.reasonId);
  // A sign-out of someone not on site is kept too: presence is derived from events (a no-op there).
  await recordVisitEvents(a.tx, { entityId, change: a.change }, [
    {
      id: args.eventId,
      personId: args.personId,
      kind: 'out',
      areaId: args.areaId,
      journeyFlowId: null,
      userTypeId: person.userTypeId,
      at: a.time(args.at),
      deviceId: a.deviceId,
      mutationId: a.mutationId,
      recordedBy: a.ctx.userId,
      receivedAt: a.receivedAt,
      clockUntrusted: !a.clockTrusted,
      details: {
        source: 'kiosk',
        kioskId: a.ctx.userId,
        method: args.method,
        ...(args.journeyId ? { journeyId: args.journeyId } : {}),
        ...args.reason,
      },
      judge: { source: 'kiosk', journeyId: args.journeyId ?? null },
    },
  ]);
}

export const kioskJourneyServerMutations = {
  'kiosk.journey': { apply: journey },
  'kiosk.signOut': { apply: signOut },
} satisfies FeatureMutations<'kiosk.journey' | 'kiosk.signOut'>;

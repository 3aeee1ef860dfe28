// The public side of pre-registration (spec 2 §7): everything is reached through a journey
// flow id or a visit's random url, and answers only that flow's (or visit's) entity.
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { CONTENT_DEFAULT_LANGUAGE, optionValue } from '../../domain/custom-field-sections';
import { readFlowSettings } from '../../domain/journey';
import { textIn } from '../../domain/localized-text';
import { isPhotoRequired, isVisitInPast, visitInstant } from '../../domain/preregistration';
import { canChangeUserType, initialStatusFor, visitMetadataOf } from '../../domain/preregistration-visit';
import { orNull, type CreateExpectedVisitBody } from '../../domain/preregistration-schemas';
import type { Db } from '../db/database';
import { sections } from '../db/schema/custom-fields';
import { customFields } from '../db/schema/kiosk-config';
import { users } from '../db/schema/people';
import { ApiError, invalid, notFound } from '../http/api-error';
import type { Mailer } from '../mail/mailer';
import { personChange } from '../people/people.projections';
import { flagsOf, flowById, hostSettingsOf, isHost, preRegistrationTypes, searchHosts, userTypeIn } from './flows';
import type { Photo } from './multipart';
import { inviteVisitor, type LinkContext } from './invite';
import {
  findOrCreatePerson,
  graceOf,
  personByEmailOrPhone,
  sameVisitExists,
  sha256,
  updateVisit,
  visitByUrl,
  insertVisit,
  withFeed,
} from './visits.repo';
import { visitQr } from './signing';
import { onlineComplianceService } from './online-compliance';
import { mailHoldConfirmation, newHold, personOnFile, visitHoldService } from './visit-hold';
import { t } from '../http/i18n';

/** Letters a public host search needs. */
const HOST_SEARCH_MIN = 3;

export function preregistrationService(
  db: Db,
  now: () => number,
  mailer: Mailer,
  // The passport variant's passport_id is sealed by the built-in passport (server/passport):
  // a public form may link a visitor to a passport account only with a value sealed there.
  passportIdOf: (sent: string) => string | null = () => null,
) {
  async function instantOrThrow(date: string, time: string, tz: number): Promise<number> {
    const at = visitInstant(date, time, tz);
    if (at === null) throw invalid({ visit_date: ['errors.visit_date_invalid'] });
    if (isVisitInPast(at, now())) throw new ApiError(400, 'visit_in_past', { visit_date: ['errors.visit_in_past'] });
    return at;
  }
  const photoUrl = (visitId: string) => `/api/visitor-photos/${visitId}`;

  return {
    ...onlineComplianceService(db, now),
    ...visitHoldService(db, now, mailer),
    async flags(flowId: string) {
      return flagsOf(await flowById(db, flowId));
    },
    async userTypes(flowId: string) {
      return preRegistrationTypes(db, await flowById(db, flowId));
    },

    async userTypeMethod(flowId: string, userTypeId: string) {
      const flow = await flowById(db, flowId);
      const type = await userTypeIn(db, flow.entityId, userTypeId);
      return {
        registration_method: type.registrationMethod,
        can_register: initialStatusFor(type.registrationMethod) !== null,
        can_change_user_type: canChangeUserType(type.registrationMethod),
      };
    },

    /** The flow's fields a visitor fills, by section, in `lang` (options as their recorded values, with labels in `lang`). */
    async customFields(flowId: string, lang = 'en') {
      const flow = await flowById(db, flowId);
      const settings = readFlowSettings(flow.settings);
      const uuid = (id: string) => /^[0-9a-f-]{36}$/i.test(id);
      const ids = settings.custom_field_ids.filter(uuid);
      const sectionIds = settings.section_ids.filter(uuid);
      if (!ids.length && !sectionIds.length) return [];
      const rows = await db
        .select()
        .from(customFields)
        .where(
          and(
            eq(customFields.entityId, flow.entityId),
            eq(customFields.fillable, true),
            or(
              ids.length ? inArray(customFields.id, ids) : undefined,
              sectionIds.length ? inArray(customFields.sectionId, sectionIds) : undefined,
            ),
          ),
        )
        .orderBy(asc(customFields.position));
      const names = new Map(
        (await db.select().from(sections).where(eq(sections.entityId, flow.entityId))).map((x) => [x.id, x.name]),
      );
      const bySection = new Map<string, typeof rows>();
      for (const r of rows) bySection.set(r.sectionId, [...(bySection.get(r.sectionId) ?? []), r]);
      return [...bySection].map(([sectionId, fields]) => ({
        name: textIn(names.get(sectionId), lang),
        custom_fields: fields.map((f) => ({
          id: f.id,
          name: textIn(f.name, lang),
          type: f.type,
          options: f.options.map(optionValue),
          // What the visitor reads, in the page's language; `options` stays what is recorded.
          option_labels: f.options.map((o) => textIn(o, lang, CONTENT_DEFAULT_LANGUAGE)),
          required: f.required,
        })),
      }));
    },

    async hostSettings(flowId: string, userTypeId: string) {
      const flow = await flowById(db, flowId);
      await userTypeIn(db, flow.entityId, userTypeId);
      // Hosts are found by search (spec 1 §5), never listed to the public.
      return { ...hostSettingsOf(flow), hosts: [] as unknown[] };
    },

    async hostSearch(flowId: string, search: string) {
      const flow = await flowById(db, flowId);
      // A search needs three letters of a name (fewer answer nothing, like no match): two letters
      // walked through every pair would list every host, ten at a time.
      if (search.replace(/\s/g, '').length < HOST_SEARCH_MIN) return [];
      return searchHosts(db, flow, search);
    },

    // These public calls do not tell whether an e-mail or phone belongs to someone on file (nor
    // their type, nor whether they have a photo): they answer the same for everyone. What they
    // would decide is decided where it acts: a visit for someone on file is held for their own
    // mailbox, and one of a type they may not change to is not taken (create).
    async validateUserType(flowId: string, _email?: string, _phone?: string) {
      await flowById(db, flowId);
      return { user_exists: false, user_type: null, can_change_user_type: true };
    },

    async userEntity(flowId: string, _email?: string, _phone?: string) {
      await flowById(db, flowId);
      return { user_type_id: null, has_image: false };
    },

    async userFound(flowId: string, _email?: string, _phone?: string) {
      await flowById(db, flowId);
      return { user_found: false };
    },

    /** Whether the same person is already expected at that time; answers the visit_exists error. */
    async validateVisit(
      flowId: string,
      b: { email?: string; phone?: string; visit_date: string; visit_time: string; tz_offset: number },
    ) {
      const flow = await flowById(db, flowId);
      const at = await instantOrThrow(b.visit_date, b.visit_time, b.tz_offset);
      const person = await personByEmailOrPhone(db, flow.entityId, b.email || undefined, b.phone || undefined);
      if (person && (await sameVisitExists(db, flow.entityId, person.id, at))) throw new ApiError(422, 'visit_exists');
      return { exists: false };
    },

    async create(b: CreateExpectedVisitBody, photo: Photo | null, link: LinkContext) {
      const flow = await flowById(db, b.journey_id);
      const type = await userTypeIn(db, flow.entityId, b.user_type_id);
      const status = initialStatusFor(type.registrationMethod);
      if (!status) throw new ApiError(403, 'not_allowed_to_register');
      const at = await instantOrThrow(b.visit_date, b.visit_time, b.tz_offset);
      const host = orNull(b.host);
      if (host && !(await isHost(db, flow, host))) throw notFound();
      const existing = await personOnFile(db, flow.entityId, b.email, b.phone);
      if (isPhotoRequired(flagsOf(flow), existing?.image) && !photo)
        throw new ApiError(400, 'photo_required', { image: ['errors.photo_required'] });
      const nowDate = new Date(now());
      if (existing) {
        // Someone on file: held until they confirm from their own mailbox (visit-hold.ts). Someone
        // whose type cannot change may not register as another (spec 2 §4): nothing is written,
        // and the answer is the held one, so it tells no one whether the person is on file.
        const own = existing.userTypeId
          ? await userTypeIn(db, flow.entityId, existing.userTypeId).catch(() => null)
          : null;
        const heldAnswer = {
          local_qr: null,
          visit_id: null,
          status: 'held' as const,
          visit_url: null,
          message: t(link.lang, 'visitHold.checkEmail'),
        };
        if (own && own.id !== type.id && !canChangeUserType(own.registrationMethod)) return heldAnswer;
        const hold = newHold(now(), at, type.gracePeriodMinutes);
        const held = await withFeed(db, flow.entityId, async (tx) => {
          if (await sameVisitExists(tx, flow.entityId, existing.id, at)) throw new ApiError(422, 'visit_exists');
          const created = await insertVisit(
            tx,
            {
              entityId: flow.entityId,
              personId: existing.id,
              journeyFlowId: flow.id,
              areaId: orNull(b.area_id),
              userTypeId: type.id,
              hostId: host,
              visitDate: b.visit_date,
              visitTime: b.visit_time,
              visitAt: at,
              status: 'held',
              companyName: b.company_name || null,
              registrationMethod: type.registrationMethod,
              customFields: b.custom_fields ?? [],
              flags: flagsOf(flow),
              photoType: photo?.type ?? null,
              photoBase64: photo?.bytes.toString('base64') ?? null,
              createdBy: null,
              holdHash: hold.holdHash,
              holdExpiresAt: hold.holdExpiresAt,
            },
            nowDate,
          );
          return { result: created.visit, changes: created.changes };
        });
        await mailHoldConfirmation(db, mailer, link, held, existing, hold.token);
        return {
          local_qr: null,
          visit_id: null,
          status: held.status,
          visit_url: null,
          message: t(link.lang, 'visitHold.checkEmail'),
        };
      }
      const made = await withFeed(db, flow.entityId, async (tx) => {
        const { person, changes } = await findOrCreatePerson(
          tx,
          flow.entityId,
          {
            email: b.email,
            phone: b.phone,
            countryCode: b.country_code,
            firstName: b.first_name,
            lastName: b.last_name,
            userTypeId: type.id,
            passportId: b.passport_id ? passportIdOf(b.passport_id) : null,
          },
          nowDate,
        );
        // Someone on file by now (a concurrent registration): never act as them.
        if (!changes.length) throw new ApiError(409, 'action_not_allowed');
        if (await sameVisitExists(tx, flow.entityId, person.id, at)) throw new ApiError(422, 'visit_exists');
        const created = await insertVisit(
          tx,
          {
            entityId: flow.entityId,
            personId: person.id,
            journeyFlowId: flow.id,
            areaId: orNull(b.area_id),
            userTypeId: type.id,
            hostId: host,
            visitDate: b.visit_date,
            visitTime: b.visit_time,
            visitAt: at,
            status,
            companyName: b.company_name || null,
            registrationMethod: type.registrationMethod,
            customFields: b.custom_fields ?? [],
            flags: flagsOf(flow),
            photoType: photo?.type ?? null,
            photoBase64: photo?.bytes.toString('base64') ?? null,
            createdBy: null,
          },
          nowDate,
        );
        if (photo && !person.image)
          await tx
            .update(users)
            .set({ image: photoUrl(created.visit.id) })
            .where(and(eq(users.entityId, flow.entityId), eq(users.id, person.id)));
        return { result: { ...created, person }, changes: [...changes, ...created.changes] };
      });
      const qr = await visitQr(db, now, made.visit, type.gracePeriodMinutes);
      await inviteVisitor(db, mailer, link, made.visit, made.person, made.code, qr);
      return { local_qr: qr, visit_id: made.visit.id, status: made.visit.status, visit_url: made.visit.visitUrl };
    },

    /** Spec 2 §3 "Pre-registration details response"; personal details only with the link's code. */
    async details(visitUrl: string, code: string | undefined, passportUrl: string) {
      const v = await visitByUrl(db, visitUrl);
      if (!v || v.status === 'held') throw notFound();
      const grace = await graceOf(db, v.entityId, v.userTypeId);
      const meta = visitMetadataOf({ ...v, graceMinutes: grace }, now());
      const withCode = Boolean(code) && sha256(code!) === v.codeHash;
      const [person] = withCode
        ? await db
            .select()
            .from(users)
            .where(and(eq(users.entityId, v.entityId), eq(users.id, v.personId)))
        : [];
      const [first, ...rest] = (person?.fullName ?? '').split(' ');
      return {
        visitMetadata: meta,
        validations: v.flags,
        expectedDateTime: `${v.visitDate} ${v.visitTime}`,
        visit_date: v.visitDate,
        visit_time: v.visitTime,
        journey_id: v.journeyFlowId,
        visitId: v.id,
        serverUrl: passportUrl,
        user: person
          ? {
              first_name: first ?? '',
              last_name: rest.join(' '),
              email: person.email,
              phone: person.phone,
              company_name: v.companyName,
              image: person.image,
              user_id: person.id,
              passport_id: person.passportId,
              encId: null,
            }
          : null,
        local_qr: withCode && !meta.is_expired ? await visitQr(db, now, v, grace) : null,
      };
    },

    async confirm(
      b: {
        visit_url: string;
        code: string;
        user: { first_name: string; last_name: string; email: string; phone: string; company_name?: string };
        custom_fields?: unknown[];
      },
      photo: Photo | null,
    ) {
      const v = await visitByUrl(db, b.visit_url);
      if (!v || v.status === 'held' || sha256(b.code) !== v.codeHash) throw notFound();
      const grace = await graceOf(db, v.entityId, v.userTypeId);
      const meta = visitMetadataOf({ ...v, graceMinutes: grace }, now());
      if (meta.is_expired || meta.is_confirmed) throw new ApiError(409, 'link_expired');
      const [person] = await db
        .select()
        .from(users)
        .where(and(eq(users.entityId, v.entityId), eq(users.id, v.personId)));
      if (isPhotoRequired(v.flags, person?.image) && !photo)
        throw new ApiError(400, 'photo_required', { image: ['errors.photo_required'] });
      const nowDate = new Date(now());
      const updated = await withFeed(db, v.entityId, async (tx) => {
        const [p] = await tx
          .update(users)
          .set({
            fullName: `${b.user.first_name} ${b.user.last_name}`.trim(),
            phone: b.user.phone,
            ...(photo && !person?.image ? { image: photoUrl(v.id) } : {}),
            updatedAt: nowDate,
          })
          .where(and(eq(users.entityId, v.entityId), eq(users.id, v.personId)))
          .returning();
        const u = await updateVisit(
          tx,
          v,
          {
            confirmedAt: now(),
            companyName: b.user.company_name || v.companyName,
            customFields: b.custom_fields ?? v.customFields,
            ...(photo ? { photoType: photo.type, photoBase64: photo.bytes.toString('base64') } : {}),
          },
          nowDate,
        );
        return { result: u.visit, changes: [...(p ? [personChange(p)] : []), ...u.changes] };
      });
      return {
        local_qr: await visitQr(db, now, updated, grace),
        visit_id: updated.id,
        journey_id: updated.journeyFlowId,
        visit_url: updated.visitUrl,
      };
    },
  };
}
export type PreregistrationService = ReturnType<typeof preregistrationService>;

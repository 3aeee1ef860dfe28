// One kiosk journey as one mutation: its arguments carry
// the facts a visitor gave, and deriveJourney turns facts plus configuration into the stage,
// whether the person goes in and the visit's details. The kiosk (local apply) and the server
// (push apply) both call deriveJourney, each with the configuration it holds; the server's wins.
import * as v from 'valibot';
import { epochMs, int4 } from './bounds';
import {
  complianceAnswerItem,
  evaluateCompliance,
  type ComplianceEvaluation,
  type ComplianceForm,
  type ComplianceOutcome,
} from './compliance';
import {
  decideRegistration,
  readFlowSettings,
  requestedOutputs,
  stageSignsIn,
  visitStage,
  VISIT_STAGES,
  type KioskVisitDetails,
  type RegistrationMethod,
  type VisitStage,
} from './journey';
import { customFieldValue, registerPersonArgs } from './kiosk-mutations';
import { checkTemperature, parseTemperature } from './temperature';
import {
  documentVerdict,
  vaccineStatus,
  type StatusDocument,
  type StatusForm,
  type VaccineStatus,
} from './vaccine-status';

const uuid = v.pipe(v.string('validation.required'), v.uuid('validation.uuid'));
/** A kiosk's certificate photo as a data URL: a readable JPEG of a page is far below this, and
 * the push that carries it stays well inside its body limit. */
export const CERTIFICATE_PHOTO_MAX = 1_000_000;
const method = v.picklist(['search', 'rfid', 'qr', 'new']);
const reason = v.object({
  reasonId: v.optional(v.pipe(v.string(), v.maxLength(64))),
  attendanceCode: v.optional(v.pipe(v.string(), v.maxLength(64))),
});

export const kioskJourneyArgs = v.pipe(
  v.object({
    /** The kiosk visit's id; the sign-in event, answer, checks and notification have their own. */
    visitId: uuid,
    personId: uuid,
    /** A new person: registered in the same mutation (its personId is personId). */
    registration: v.optional(registerPersonArgs),
    /** The kiosk registration that recorded it (the server keeps its own token's kiosk id). */
    kioskId: uuid,
    areaId: uuid,
    journeyId: v.optional(uuid),
    journeyFlowId: v.optional(uuid),
    method: v.optional(method, 'search'),
    compliance: v.optional(
      v.object({
        answerId: uuid,
        complianceId: uuid,
        complianceVersion: int4(1),
        answers: v.array(complianceAnswerItem),
        agreed: v.boolean(),
      }),
    ),
    checks: v.optional(
      v.object({
        checkId: uuid,
        temperature: v.optional(v.object({ raw: v.pipe(v.string(), v.maxLength(16)), threshold: v.number() })),
        mask: v.optional(v.boolean()),
      }),
    ),
    host: v.optional(
      v.object({
        notificationId: uuid,
        hostId: uuid,
        message: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500, 'validation.too_long'))),
      }),
    ),
    customFields: v.optional(v.array(customFieldValue), []),
    reason: v.optional(reason),
    /** A photo of the visitor's certificate taken at the kiosk, for reception to check: it goes on
     * the profile switched off (reception switches it on once seen), so it never lets anyone in by itself. */
    certificate: v.optional(
      v.object({
        documentId: uuid,
        type: v.picklist(['covid_vaccine', 'pcr_test'], 'validation.required'),
        photo: v.pipe(
          v.string('validation.document_file_required'),
          v.maxLength(CERTIFICATE_PHOTO_MAX, 'validation.document_file_too_big'),
          v.regex(/^data:image\/(jpeg|png);base64,/, 'validation.document_file_type'),
        ),
      }),
    ),
    /** The expected visit whose signed QR identified the person: marked arrived when signed in. */
    expectedVisitId: v.optional(uuid),
    /** The id the sign-in event gets when the person goes in (decided by whoever derives). */
    signInEventId: uuid,
    /** What the kiosk showed; the server derives its own and stores that. */
    stage: v.picklist(VISIT_STAGES),
    at: epochMs,
  }),
  v.check((a) => !a.registration || a.registration.personId === a.personId, 'validation.invalid'),
  // A certificate belongs to the entry condition it was asked for.
  v.check((a) => !a.certificate || !!a.compliance, 'validation.invalid'),
);
export type KioskJourneyArgs = v.InferOutput<typeof kioskJourneyArgs>;

export const kioskSignOutArgs = v.object({
  eventId: uuid,
  personId: uuid,
  kioskId: uuid,
  areaId: uuid,
  journeyId: v.optional(uuid),
  method: v.optional(method, 'search'),
  reason: v.optional(reason),
  at: epochMs,
});
export type KioskSignOutArgs = v.InferOutput<typeof kioskSignOutArgs>;

export type JourneyRefusal = NonNullable<KioskVisitDetails['refusal']>;

export interface JourneyFacts {
  compliance: ComplianceOutcome | 'not_required';
  approvalRequired: boolean;
  /** The required document's status on the person's profile ('not_applicable' when none is required). */
  document?: VaccineStatus;
  temperature: { raw: string; thresholdC: number } | null;
  mask: boolean | null;
}

export interface JourneyOutcome {
  stage: VisitStage;
  signedIn: boolean;
  refusal: JourneyRefusal | null;
}

/** The stage, and whether the person goes in: a failed check refuses even a ready stage. */
export function journeyOutcome(f: JourneyFacts): JourneyOutcome {
  const stage = visitStage({
    compliance: f.compliance,
    approvalRequired: f.approvalRequired,
    adminDecision: null,
    document: documentVerdict(f.document ?? 'not_applicable'),
  });
  const refusal: JourneyRefusal | null =
    f.temperature && !checkTemperature(f.temperature.raw, f.temperature.thresholdC).ok
      ? 'temperature.above_threshold'
      : f.mask === false
        ? 'checks.mask_required'
        : null;
  return { stage, refusal, signedIn: stageSignsIn(stage) && !refusal };
}

/** An admin must approve a QR arrival whose visit is still pending, or a new person whose type asks for it. */
export function journeyNeedsApproval(f: {
  expectedVisitStatus: string | null;
  registrationMethod: RegistrationMethod | null;
}): boolean {
  if (f.expectedVisitStatus !== null) return f.expectedVisitStatus === 'pending';
  return (
    f.registrationMethod !== null &&
    decideRegistration(f.registrationMethod, false).kind === 'register_pending_approval'
  );
}

/** The configuration a journey is judged by, as the deriving side holds it. */
export interface JourneyConfig {
  form: (Pick<ComplianceForm, 'questions' | 'agreementText'> & Partial<StatusForm>) | null;
  /** The person's documents as the deriving side holds them (a kiosk: each one's `facts` as details). */
  documents: readonly StatusDocument[];
  flowSettings: unknown;
  registrationMethod: RegistrationMethod | null;
  expectedVisitStatus: string | null;
}

export interface JourneyDerivation extends JourneyOutcome {
  compliance: ComplianceEvaluation | null;
  checksPassed: boolean;
  temperature: { raw: string; unit: 'c' | 'f'; celsius: number; threshold: number } | null;
  details: KioskVisitDetails;
}

export function deriveJourney(a: KioskJourneyArgs, c: JourneyConfig, kioskId: string = a.kioskId): JourneyDerivation {
  const settings = readFlowSettings(c.flowSettings);
  // The flow's threshold, not the one the device sent: configuration decides, not the caller.
  const threshold = a.journeyFlowId
    ? settings.temperature_threshold
    : (a.checks?.temperature?.threshold ?? settings.temperature_threshold);
  const compliance = a.compliance
    ? evaluateCompliance(
        { questions: c.form?.questions ?? [], agreementText: c.form?.agreementText ?? null },
        a.compliance.answers,
        a.compliance.agreed,
      )
    : null;
  const document = journeyDocumentStatus(a, c);
  const raw = a.checks?.temperature?.raw;
  const reading = raw !== undefined ? parseTemperature(raw) : null;
  const mask = a.checks?.mask ?? null;
  const outcome = journeyOutcome({
    compliance: compliance ? compliance.outcome : 'not_required',
    approvalRequired: journeyNeedsApproval(c),
    document,
    temperature: raw !== undefined ? { raw, thresholdC: threshold } : null,
    mask,
  });
  const temperature = reading
    ? { raw: reading.raw, unit: reading.unit, celsius: reading.celsius as number, threshold }
    : null;
  const checksPassed = mask !== false && (raw === undefined || checkTemperature(raw, threshold).ok);
  const details: KioskVisitDetails = {
    source: 'kiosk',
    kioskId,
    visitId: a.visitId,
    method: a.method,
    ...(a.journeyId ? { journeyId: a.journeyId } : {}),
    stage: outcome.stage,
    compliance: compliance ? compliance.outcome : 'not_required',
    ...(document !== 'not_applicable' ? { document } : {}),
    ...(a.certificate ? { certificate: a.certificate.documentId } : {}),
    outputs: outcome.signedIn && a.journeyFlowId ? requestedOutputs(settings) : [],
    ...(outcome.refusal ? { refusal: outcome.refusal } : {}),
    ...(a.host ? { hostIds: [a.host.hostId], hostMessage: a.host.message ?? '' } : {}),
    ...(temperature ? { temperature } : {}),
    ...(mask !== null ? { mask } : {}),
    ...a.reason,
  };
  return { ...outcome, compliance, checksPassed, temperature, details };
}

/** The form's required document, when the journey answered a form that requires one: judged at the visit's time. */
export function journeyDocumentStatus(
  a: Pick<KioskJourneyArgs, 'compliance' | 'at'>,
  c: Pick<JourneyConfig, 'form' | 'documents'>,
): VaccineStatus {
  return a.compliance ? requiredDocumentStatus(c.form, c.documents, a.at) : 'not_applicable';
}

/** A form's required document against a person's documents (the kiosk's compliance step shows it too). */
export function requiredDocumentStatus(
  form: Partial<StatusForm> | null | undefined,
  documents: readonly StatusDocument[],
  at: number,
): VaccineStatus {
  if (!form?.documentRequired) return 'not_applicable';
  return vaccineStatus(
    {
      documentRequired: true,
      protocols: form.protocols ?? [],
      acceptNegativePcr: form.acceptNegativePcr ?? false,
      pcrValidDays: form.pcrValidDays ?? null,
    },
    documents,
    at,
  );
}

// Demo kiosk configuration for a seeded company: the "Visitor sign-in" journey gets compliance
// questions, temperature, mask, host and a badge; a "Staff attendance" journey gets an
// attendance mode with reasons; custom fields of all eight types; two announcements.
import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../db/database';
import { userCards } from '../db/schema/dashboard';
import { journeyFlows, journeys, userTypes } from '../db/schema/journeys';
import { announcements, attendanceModes, complianceForms, customFields } from '../db/schema/kiosk-config';
import { sections } from '../db/schema/custom-fields';
import { users } from '../db/schema/people';
import { DEMO_NAMES } from '../seed/demo-data';

type Text = { en: string; ar: string; es: string };
const FIELDS: Array<{ name: Text; type: string; options?: Text[]; onFlow?: boolean }> = [
  {
    name: { en: 'Vehicle registration', ar: 'رقم تسجيل المركبة', es: 'Matrícula del vehículo' },
    type: 'text',
    onFlow: true,
  },
  { name: { en: 'Number of guests', ar: 'عدد الضيوف', es: 'Número de invitados' }, type: 'number' },
  { name: { en: 'Expected departure', ar: 'موعد المغادرة المتوقع', es: 'Salida prevista' }, type: 'date' },
  { name: { en: 'Purpose of visit', ar: 'الغرض من الزيارة', es: 'Motivo de la visita' }, type: 'long text' },
  {
    name: { en: 'How was your welcome?', ar: 'كيف كان استقبالك؟', es: '¿Qué tal le recibieron?' },
    type: 'rating scale',
  },
  {
    name: { en: 'Parking needed', ar: 'هل تحتاج إلى موقف سيارات؟', es: 'Necesita aparcamiento' },
    type: 'toggle button',
    onFlow: true,
  },
  {
    name: { en: 'Equipment brought', ar: 'المعدات التي أحضرتها', es: 'Equipo que trae' },
    type: 'checkboxes',
    options: [
      { en: 'Laptop', ar: 'حاسوب محمول', es: 'Portátil' },
      { en: 'Camera', ar: 'كاميرا', es: 'Cámara' },
      { en: 'Tools', ar: 'أدوات', es: 'Herramientas' },
    ],
  },
  {
    name: { en: 'Visiting department', ar: 'القسم الذي تزوره', es: 'Departamento que visita' },
    type: 'radio buttons',
    options: [
      { en: 'Sales', ar: 'المبيعات', es: 'Ventas' },
      { en: 'Engineering', ar: 'الهندسة', es: 'Ingeniería' },
      { en: 'Finance', ar: 'المالية', es: 'Finanzas' },
    ],
    onFlow: true,
  },
];

export async function seedKioskDemo(db: Db, entityId: string, now: Date): Promise<void> {
  const typeId = async (name: string) =>
    (
      await db
        .select({ id: userTypes.id })
        .from(userTypes)
        .where(and(eq(userTypes.entityId, entityId), eq(userTypes.name, name)))
    )[0]?.id;
  const visitor = await typeId('Visitor');
  const staff = await typeId('Staff');
  const contractor = await typeId('Contractor');
  if (!visitor || !staff) return; // a company without these types gets no kiosk demo

  const complianceId = uuidv7();
  await db.insert(complianceForms).values({
    entityId,
    id: complianceId,
    name: { en: 'Visitor health declaration', ar: 'إقرار صحي للزائر', es: 'Declaración de salud del visitante' },
    version: 1,
    questions: [
      {
        id: 'well',
        text: { en: 'Are you feeling well today?', ar: 'هل تشعر بصحة جيدة اليوم؟', es: '¿Se encuentra bien hoy?' },
        desired: 'yes',
      },
      {
        id: 'fever',
        text: {
          en: 'Have you had a fever in the last 48 hours?',
          ar: 'هل أصبت بالحمى خلال الثماني والأربعين ساعة الماضية؟',
          es: '¿Ha tenido fiebre en las últimas 48 horas?',
        },
        desired: 'no',
      },
    ],
    agreementText: {
      en: 'I agree to follow the site safety rules and the instructions of my host.',
      ar: 'أوافق على اتباع قواعد السلامة في الموقع وتعليمات مضيفي.',
      es: 'Acepto seguir las normas de seguridad del lugar y las instrucciones de mi anfitrión.',
    },
    statement: {
      en: 'Visitors must wear their badge and stay with their host at all times.',
      ar: 'يجب على الزوار ارتداء شاراتهم والبقاء مع مضيفهم في جميع الأوقات.',
      es: 'Los visitantes deben llevar su credencial y permanecer con su anfitrión en todo momento.',
    },
  });

  const sectionId = uuidv7();
  await db.insert(sections).values({
    entityId,
    id: sectionId,
    name: { en: 'Visit details', ar: 'تفاصيل الزيارة', es: 'Detalles de la visita' },
  });
  const fieldIds = FIELDS.map(() => uuidv7());
  await db.insert(customFields).values(
    FIELDS.map((f, i) => ({
      entityId,
      id: fieldIds[i]!,
      sectionId,
      name: f.name,
      type: f.type,
      options: f.options ?? [],
      printable: f.name.en === 'Visiting department',
      position: i,
    })),
  );
  const flowFieldIds = FIELDS.flatMap((f, i) => (f.onFlow ? [fieldIds[i]!] : []));

  const visitorFlow = {
    compliance_id: complianceId,
    compliance_frequency: 'daily',
    temperature_check: true,
    temperature_threshold: 37.5,
    mask_check: true,
    host: true,
    allow_no_host: true,
    print_badge: true,
    door_relay: true,
    photo: true,
    custom_field_ids: flowFieldIds,
  };
  const [visitorJourney] = await db
    .select()
    .from(journeys)
    .where(and(eq(journeys.entityId, entityId), eq(journeys.name, 'Visitor sign-in')));
  if (visitorJourney) {
    await db
      .update(journeys)
      .set({
        settings: { touch_mode: true, name_match: 'quick', shown_user_types: [visitor, contractor].filter(Boolean) },
      })
      .where(and(eq(journeys.entityId, entityId), eq(journeys.id, visitorJourney.id)));
    await db
      .update(journeyFlows)
      .set({ settings: visitorFlow })
      .where(and(eq(journeyFlows.entityId, entityId), eq(journeyFlows.journeyId, visitorJourney.id)));
    if (contractor) {
      await db.insert(journeyFlows).values({
        entityId,
        id: uuidv7(),
        journeyId: visitorJourney.id,
        name: 'Contractor arrival',
        names: DEMO_NAMES['Contractor arrival'],
        userTypeId: contractor,
        settings: visitorFlow,
      });
    }
  }

  const modeId = uuidv7();
  await db.insert(attendanceModes).values({
    entityId,
    id: modeId,
    name: 'Office hours',
    workingDays: [1, 2, 3, 4, 5],
    startMinutes: 9 * 60,
    endMinutes: 17 * 60,
    lateGraceMinutes: 15,
    earlyGraceMinutes: 15,
    attendanceCode: 'PRESENT',
    reasons: [
      { id: uuidv7(), name: 'Traffic delay', type: 'late_sign_in', attendanceCode: 'LATE' },
      { id: uuidv7(), name: 'Doctor appointment', type: 'early_sign_out', attendanceCode: 'MEDICAL' },
      { id: uuidv7(), name: 'Family matter', type: 'early_sign_out', attendanceCode: 'FAMILY' },
    ],
  });
  const staffJourney = uuidv7();
  await db.insert(journeys).values({
    entityId,
    id: staffJourney,
    name: 'Staff attendance',
    names: DEMO_NAMES['Staff attendance'],
    description: 'Daily sign-in and sign-out for staff',
    settings: { touch_mode: true, name_match: 'private', shown_user_types: [staff], attendance_mode_id: modeId },
  });
  await db.insert(journeyFlows).values({
    entityId,
    id: uuidv7(),
    journeyId: staffJourney,
    name: 'Staff day',
    names: DEMO_NAMES['Staff day'],
    userTypeId: staff,
    settings: { print_badge: false },
  });

  const day = 86_400_000;
  await db.insert(announcements).values([
    {
      entityId,
      id: uuidv7(),
      description: {
        en: 'Fire drill on Thursday at 11:00. Please follow the wardens.',
        ar: 'تمرين إخلاء يوم الخميس الساعة 11:00. يرجى اتباع مسؤولي الإخلاء.',
        es: 'Simulacro de incendio el jueves a las 11:00. Sigan a los responsables de evacuación.',
      },
      pinned: true,
      publishAt: now.getTime() - 30 * day,
      expiresAt: now.getTime() + 365 * day,
    },
    {
      entityId,
      id: uuidv7(),
      description: {
        en: 'Lift 2 is out of service; please use the stairs or lift 1.',
        ar: 'المصعد 2 معطل؛ يرجى استخدام الدرج أو المصعد 1.',
        es: 'El ascensor 2 está fuera de servicio; use las escaleras o el ascensor 1.',
      },
      urgent: true,
      publishAt: now.getTime() - 30 * day,
      expiresAt: now.getTime() + 365 * day,
    },
  ]);

  // Staff badges: RFID cards for the kiosk's "tap your card".
  const staffRows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.entityId, entityId), eq(users.userTypeId, staff)));
  const cards = staffRows.filter((u) => u.email === 'sam.staff@acme.test' || u.email === 'employee@acme.test');
  if (cards.length)
    await db.insert(userCards).values(cards.map((u, i) => ({ entityId, userId: u.id, rfid: `00${i + 1}2345678` })));
}

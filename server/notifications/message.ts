// What a host is told, in their own language: who arrived, where, how long ago when the kiosk
// was offline, the visitor's note, and the two signed answer links.
import { and, eq } from 'drizzle-orm';
import type { Language } from '../../domain/constants';
import { t } from '../http/i18n';
import { hostNotifications, kioskVisits } from '../db/schema/kiosk';
import { users } from '../db/schema/people';
import { areas, sites } from '../db/schema/places';
import { emergencySessionSites } from '../db/schema/emergency';
import type { Executor } from '../sync/changes';
import type { OutgoingMessage } from './channels/channel';
import { lateBy } from './plan';

type Notification = typeof hostNotifications.$inferSelect;

const LANGS = new Set(['en', 'ar', 'es']);
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function recipientOf(db: Executor, n: Notification) {
  const [host] = await db
    .select({
      name: users.fullName,
      email: users.email,
      phone: users.phone,
      lang: users.lang,
      userTypeId: users.userTypeId,
    })
    .from(users)
    .where(and(eq(users.entityId, n.entityId), eq(users.id, n.hostId)));
  return host ?? null;
}

export async function buildMessage(
  db: Executor,
  n: Notification,
  host: NonNullable<Awaited<ReturnType<typeof recipientOf>>>,
  links: { coming: string; wait: string },
  deliveryId: string,
  now: number,
): Promise<OutgoingMessage> {
  if (n.emergencySessionId) return emergencyMessage(db, n, host, links.coming, deliveryId, now);
  const [visitor] = await db
    .select({ name: users.fullName, image: users.image })
    .from(users)
    .where(and(eq(users.entityId, n.entityId), eq(users.id, n.personId)));
  const [site] = n.visitId
    ? await db
        .select({ id: sites.id, name: sites.name })
        .from(kioskVisits)
        .innerJoin(areas, and(eq(areas.entityId, kioskVisits.entityId), eq(areas.id, kioskVisits.areaId)))
        .innerJoin(sites, and(eq(sites.entityId, areas.entityId), eq(sites.id, areas.siteId)))
        .where(and(eq(kioskVisits.entityId, n.entityId), eq(kioskVisits.id, n.visitId)))
    : [];
  const lang = (LANGS.has(host.lang) ? host.lang : 'en') as Language;
  const p = { visitor: visitor?.name ?? '?', site: site?.name ?? '' };
  const late = lateBy(n.at, now);
  const lines = [
    late
      ? t(lang, 'notifications.message.bodyLate', { ...p, ago: t(lang, `notifications.ago.${late.unit}`, late) })
      : t(lang, 'notifications.message.body', p),
    n.message ? t(lang, 'notifications.message.note', { message: n.message }) : '',
  ].filter(Boolean);
  const text = lines.join('\n');
  const toReception = { ...p, host: host.name };
  return {
    deliveryId,
    host: { name: host.name, email: host.email, phone: host.phone, lang },
    subject: t(lang, 'notifications.message.subject', p),
    text,
    html: lines.map((l) => `<p>${escape(l)}</p>`).join(''),
    visitorName: p.visitor,
    // Only a picture a provider can fetch; data: URLs stay home.
    photoUrl: visitor?.image && /^https:\/\//.test(visitor.image) ? visitor.image : null,
    siteName: p.site,
    siteId: site?.id ?? null,
    reception: {
      subject: t(lang, 'notifications.message.receptionSubject', toReception),
      text: [
        t(lang, 'notifications.message.receptionBody', toReception),
        late
          ? t(lang, 'notifications.message.receptionLate', { ago: t(lang, `notifications.ago.${late.unit}`, late) })
          : '',
        n.message ? t(lang, 'notifications.message.note', { message: n.message }) : '',
      ]
        .filter(Boolean)
        .join('\n'),
    },
    comingUrl: links.coming,
    waitUrl: links.wait,
    comingLabel: t(lang, 'notifications.ack.coming'),
    waitLabel: t(lang, 'notifications.ack.wait'),
  };
}

/** A warden's alert: who started which emergency, at which sites, and the roll call's link. */
async function emergencyMessage(
  db: Executor,
  n: Notification,
  host: NonNullable<Awaited<ReturnType<typeof recipientOf>>>,
  rollCallUrl: string,
  deliveryId: string,
  now: number,
): Promise<OutgoingMessage> {
  const [starter] = await db
    .select({ name: users.fullName })
    .from(users)
    .where(and(eq(users.entityId, n.entityId), eq(users.id, n.personId)));
  const at = await db
    .select({ name: sites.name })
    .from(emergencySessionSites)
    .innerJoin(
      sites,
      and(eq(sites.entityId, emergencySessionSites.entityId), eq(sites.id, emergencySessionSites.siteId)),
    )
    .where(
      and(eq(emergencySessionSites.entityId, n.entityId), eq(emergencySessionSites.sessionId, n.emergencySessionId!)),
    );
  const lang = (LANGS.has(host.lang) ? host.lang : 'en') as Language;
  const siteNames = at.map((s) => s.name).join(', ');
  const p = { name: n.message ?? '', sites: siteNames, starter: starter?.name ?? '?' };
  const late = lateBy(n.at, now);
  const text = [
    t(lang, 'notifications.emergency.body', p),
    late ? t(lang, 'notifications.emergency.late', { ago: t(lang, `notifications.ago.${late.unit}`, late) }) : '',
  ]
    .filter(Boolean)
    .join('\n');
  return {
    deliveryId,
    host: { name: host.name, email: host.email, phone: host.phone, lang },
    subject: t(lang, 'notifications.emergency.subject', p),
    text,
    html: text
      .split('\n')
      .map((l) => `<p>${escape(l)}</p>`)
      .join(''),
    visitorName: p.starter,
    photoUrl: null,
    siteName: siteNames,
    siteId: null,
    reception: { subject: '', text: '' },
    comingUrl: rollCallUrl,
    waitUrl: '',
    comingLabel: t(lang, 'notifications.emergency.open'),
    waitLabel: '',
  };
}

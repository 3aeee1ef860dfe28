// Sends the visitor their personal link (/c/{visitUrl}/{code}), QR code and, when the flow
// requires compliance, the online compliance link (/online-compliance/{visitUrl}).
import { and, eq } from 'drizzle-orm';
import type { Language } from '../../domain/constants';
import type { Db } from '../db/database';
import { entities } from '../db/schema/entities';
import { invitationMail } from '../mail/invitation';
import type { Mailer } from '../mail/mailer';
import type { VisitRow } from './projections';

export interface LinkContext {
  lang: Language;
  /** The site visitors open links on (PUBLIC_URL, else the request's origin). */
  baseUrl: string;
}

export const personalLink = (baseUrl: string, visitUrl: string, code: string) =>
  `${baseUrl.replace(/\/$/, '')}/c/${visitUrl}/${code}`;
/** The online compliance form of the visit (the random url is its secret, as for /c/{visitUrl}). */
export const complianceLink = (baseUrl: string, visitUrl: string) =>
  `${baseUrl.replace(/\/$/, '')}/online-compliance/${visitUrl}`;

export async function inviteVisitor(
  db: Db,
  mailer: Mailer,
  link: LinkContext,
  visit: VisitRow,
  person: { email: string; fullName: string },
  code: string,
  qr: string,
): Promise<void> {
  const [entity] = await db
    .select({ name: entities.name })
    .from(entities)
    .where(and(eq(entities.id, visit.entityId)));
  const message = await invitationMail({
    lang: link.lang,
    to: person.email,
    visitorName: person.fullName,
    companyName: entity?.name ?? '',
    when: `${visit.visitDate} ${visit.visitTime.slice(0, 5)}`,
    link: personalLink(link.baseUrl, visit.visitUrl, code),
    qr,
    pendingApproval: visit.status === 'pending',
    complianceLink: visit.flags.is_compliance_required ? complianceLink(link.baseUrl, visit.visitUrl) : undefined,
  });
  await mailer.send(visit.entityId, message);
}

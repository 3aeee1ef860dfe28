// Sends the visitor their personal link (/c/{visitUrl}/{code}) and QR code.
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

export const personalLink = (baseUrl: string, visitUrl: string, code: string) => `${baseUrl.replace(/\/$/, '')}/c/${visitUrl}/${code}`;

export async function inviteVisitor(
  db: Db, mailer: Mailer, link: LinkContext, visit: VisitRow,
  person: { email: string; fullName: string }, code: string, qr: string,
): Promise<void> {
  const [entity] = await db.select({ name: entities.name }).from(entities).where(and(eq(entities.id, visit.entityId)));
  const message = await invitationMail({
    lang: link.lang, to: person.email, visitorName: person.fullName, companyName: entity?.name ?? '',
    when: `${visit.visitDate} ${visit.visitTime.slice(0, 5)}`, link: personalLink(link.baseUrl, visit.visitUrl, code), qr,
    pendingApproval: visit.status === 'pending',
  });
  await mailer.send(visit.entityId, message);
}

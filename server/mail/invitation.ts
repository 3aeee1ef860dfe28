// The visitor's invitation: the personal link, the QR code (inline image and as text) and, when
// the journey flow asks compliance questions, the link to answer them before arriving.
import QRCode from 'qrcode';
import type { Language } from '../../domain/constants';
import { t } from '../http/i18n';
import type { MailMessage } from './mailer';

export interface Invitation {
  lang: Language;
  to: string;
  visitorName: string;
  companyName: string;
  when: string;
  link: string;
  qr: string;
  pendingApproval: boolean;
  /** /online-compliance/{visitUrl}, when the visit's journey flow asks compliance questions. */
  complianceLink?: string;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function invitationMail(i: Invitation): Promise<MailMessage> {
  const png = await QRCode.toBuffer(i.qr, { type: 'png', margin: 2, width: 320, errorCorrectionLevel: 'M' });
  const p = { name: i.visitorName, company: i.companyName, when: i.when };
  const subject = t(i.lang, 'visitMail.invitationSubject', p);
  const lines = [
    t(i.lang, 'visitMail.greeting', p),
    t(i.lang, 'visitMail.invitationBody', p),
    i.pendingApproval ? t(i.lang, 'visitMail.pendingApproval') : '',
    t(i.lang, 'visitMail.linkLabel'),
    i.link,
    t(i.lang, 'visitMail.qrLabel'),
  ].filter(Boolean);
  const dir = i.lang === 'ar' ? 'rtl' : 'ltr';
  const compliance = i.complianceLink ? [t(i.lang, 'visitMail.complianceLabel'), i.complianceLink] : [];
  const html =
    `<div dir="${dir}" lang="${i.lang}" style="font-family:sans-serif">` +
    lines
      .slice(0, -3)
      .map((l) => `<p>${escape(l)}</p>`)
      .join('') +
    `<p>${escape(t(i.lang, 'visitMail.linkLabel'))} <a href="${escape(i.link)}">${escape(i.link)}</a></p>` +
    (i.complianceLink
      ? `<p>${escape(compliance[0]!)} <a href="${escape(i.complianceLink)}">${escape(i.complianceLink)}</a></p>`
      : '') +
    `<p>${escape(t(i.lang, 'visitMail.qrLabel'))}</p><img src="cid:visit-qr" alt="QR" width="320" height="320"></div>`;
  return {
    to: i.to,
    subject,
    text: [...lines.slice(0, -1), ...compliance, ...lines.slice(-1)].join('\n\n'),
    html,
    attachments: [{ filename: 'visit-qr.png', content: png, cid: 'visit-qr', contentType: 'image/png' }],
  };
}

export interface HoldConfirmation {
  lang: Language;
  to: string;
  name: string;
  companyName: string;
  when: string;
  link: string;
}

/**
 * To the address on file of a person a public registration named: confirm the
 * visit if it was you, else ignore. No QR code and nothing the registrant typed beyond the time.
 */
export function holdConfirmationMail(h: HoldConfirmation): MailMessage {
  const p = { name: h.name, company: h.companyName, when: h.when };
  const lines = [
    t(h.lang, 'visitHold.greeting', p),
    t(h.lang, 'visitHold.mailBody', p),
    t(h.lang, 'visitHold.mailLinkLabel'),
  ];
  const dir = h.lang === 'ar' ? 'rtl' : 'ltr';
  const html =
    `<div dir="${dir}" lang="${h.lang}" style="font-family:sans-serif">` +
    lines.map((l) => `<p>${escape(l)}</p>`).join('') +
    `<p><a href="${escape(h.link)}">${escape(h.link)}</a></p><p>${escape(t(h.lang, 'visitHold.mailIgnore'))}</p></div>`;
  return {
    to: h.to,
    subject: t(h.lang, 'visitHold.mailSubject', p),
    html,
    text: [...lines, h.link, t(h.lang, 'visitHold.mailIgnore')].join('\n\n'),
  };
}

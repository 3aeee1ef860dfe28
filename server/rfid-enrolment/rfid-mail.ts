// The enrolment link mail: whose card, the link, when it stops working, and the same link as a
// QR code so it can be opened on a phone held next to the screen.
import QRCode from 'qrcode';
import type { Language } from '../../domain/constants';
import { t } from '../http/i18n';
import type { MailMessage } from '../mail/mailer';

export interface RfidLinkMail {
  lang: Language;
  to: string;
  name: string;
  company: string;
  url: string;
  expiresAt: Date;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function rfidLinkMail(m: RfidLinkMail): Promise<MailMessage> {
  const png = await QRCode.toBuffer(m.url, { type: 'png', margin: 2, width: 280, errorCorrectionLevel: 'M' });
  // Sent in UTC with its zone named: the server does not know the reader's time zone.
  const until = `${m.expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const p = { name: m.name, company: m.company, until };
  const paragraphs = [
    t(m.lang, 'rfidLink.mailGreeting', p),
    t(m.lang, 'rfidLink.mailBody', p),
    t(m.lang, 'rfidLink.mailExpiry', p),
  ];
  const dir = m.lang === 'ar' ? 'rtl' : 'ltr';
  const html =
    `<div dir="${dir}" lang="${m.lang}" style="font-family:sans-serif">` +
    paragraphs.map((l) => `<p>${escape(l)}</p>`).join('') +
    `<p><a href="${escape(m.url)}">${escape(m.url)}</a></p><img src="cid:rfid-link-qr" alt="QR" width="280" height="280"></div>`;
  return {
    to: m.to,
    subject: t(m.lang, 'rfidLink.mailSubject', p),
    text: [...paragraphs, m.url].join('\n\n'),
    html,
    attachments: [{ filename: 'rfid-link-qr.png', content: png, cid: 'rfid-link-qr', contentType: 'image/png' }],
  };
}

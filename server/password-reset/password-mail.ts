// The password link mail, in the person's language: a forgotten password or a first one.
import type { Language } from '../../domain/constants';
import { t } from '../http/i18n';
import type { MailMessage } from '../mail/mailer';

export interface PasswordLinkMail {
  lang: Language;
  to: string;
  name: string;
  company: string;
  url: string;
  purpose: 'reset' | 'first';
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function passwordLinkMail(m: PasswordLinkMail): MailMessage {
  const p = { name: m.name, company: m.company };
  const first = m.purpose === 'first';
  const paragraphs = [
    t(m.lang, 'passwordReset.mailGreeting', p),
    t(m.lang, first ? 'passwordReset.mailBodyFirst' : 'passwordReset.mailBody', p),
    t(m.lang, 'passwordReset.mailExpiry'),
  ];
  const ignore = t(m.lang, 'passwordReset.mailIgnore');
  const dir = m.lang === 'ar' ? 'rtl' : 'ltr';
  const html =
    `<div dir="${dir}" lang="${m.lang}" style="font-family:sans-serif">` +
    paragraphs.map((l) => `<p>${escape(l)}</p>`).join('') +
    `<p><a href="${escape(m.url)}">${escape(m.url)}</a></p><p>${escape(ignore)}</p></div>`;
  return {
    to: m.to,
    subject: t(m.lang, first ? 'passwordReset.mailSubjectFirst' : 'passwordReset.mailSubject', p),
    text: [...paragraphs, m.url, ignore].join('\n\n'),
    html,
  };
}

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
  // The link comes right after the sentence that introduces it, before what is said about it;
  // a first password was asked for by nobody, so it is not told "if you did not ask for this"
  //.
  const before = [
    t(m.lang, 'passwordReset.mailGreeting', p),
    t(m.lang, first ? 'passwordReset.mailBodyFirst' : 'passwordReset.mailBody', p),
  ];
  const after = [
    t(m.lang, 'passwordReset.mailExpiry'),
    t(m.lang, first ? 'passwordMailWording.ignoreFirst' : 'passwordReset.mailIgnore', p),
  ];
  const dir = m.lang === 'ar' ? 'rtl' : 'ltr';
  const para = (l: string) => `<p>${escape(l)}</p>`;
  const html =
    `<div dir="${dir}" lang="${m.lang}" style="font-family:sans-serif">` +
    before.map(para).join('') +
    `<p><a href="${escape(m.url)}">${escape(m.url)}</a></p>` +
    after.map(para).join('') +
    `</div>`;
  return {
    to: m.to,
    subject: t(m.lang, first ? 'passwordReset.mailSubjectFirst' : 'passwordReset.mailSubject', p),
    text: [...before, m.url, ...after].join('\n\n'),
    html,
  };
}

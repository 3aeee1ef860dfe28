// E-mail through the existing mailer (SMTP when SMTP_URL is set; the mail log always). The
// mailer never throws: 'failed' (the SMTP server refused or was down) is retried; 'logged' (no
// SMTP configured) counts as sent, as for every other mail Gatehouse writes. The site
// reception's step is an e-mail too, to the site's (or the company's) reception address.
import type { Mailer } from '../../mail/mailer';
import type { ChannelAdapter } from './channel';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function emailChannel(mailer: Mailer, entityId: string): ChannelAdapter {
  return {
    channel: 'email',
    async send(m) {
      if (!m.host.email) return { kind: 'permanent', reason: 'the host has no e-mail address' };
      const dir = m.host.lang === 'ar' ? 'rtl' : 'ltr';
      const html =
        `<div dir="${dir}" lang="${escape(m.host.lang)}" style="font-family:sans-serif"><p>${escape(m.text)}</p>` +
        `<p>${escape(m.siteName)}</p>` +
        `<p><a href="${escape(m.comingUrl)}">${escape(m.comingLabel)}</a>` +
        (m.waitUrl ? ` · <a href="${escape(m.waitUrl)}">${escape(m.waitLabel)}</a>` : '') +
        `</p></div>`;
      const status = await mailer.send(
        entityId,
        {
          to: m.host.email,
          subject: m.subject,
          text: `${m.text}\n\n${m.comingLabel}: ${m.comingUrl}${m.waitUrl ? `\n${m.waitLabel}: ${m.waitUrl}` : ''}`,
          html,
        },
        // The outbox retries this delivery itself (with its lease and attempts).
        { retry: false },
      );
      if (status === 'failed') return { kind: 'transient', reason: 'the mail server refused or did not answer' };
      return { kind: 'sent', providerId: null };
    },
  };
}

/** The site reception's e-mail: the visitor is waiting and the host has not answered. No answer
 * links (an answer is the host's to give). */
export function receptionChannel(mailer: Mailer, entityId: string, address: string | undefined): ChannelAdapter {
  return {
    channel: 'reception',
    async send(m) {
      if (!address) return { kind: 'permanent', reason: 'no reception e-mail for this site or the company' };
      const dir = m.host.lang === 'ar' ? 'rtl' : 'ltr';
      const paragraphs = m.reception.text.split('\n').map((l) => `<p>${escape(l)}</p>`);
      const status = await mailer.send(
        entityId,
        {
          to: address,
          subject: m.reception.subject,
          text: m.reception.text,
          html: `<div dir="${dir}" lang="${escape(m.host.lang)}" style="font-family:sans-serif">${paragraphs.join('')}</div>`,
        },
        { retry: false },
      );
      if (status === 'failed') return { kind: 'transient', reason: 'the mail server refused or did not answer' };
      return { kind: 'sent', providerId: null };
    },
  };
}

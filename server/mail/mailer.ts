// Outgoing mail: through SMTP (nodemailer, SMTP_URL) when configured, and always into the
// mail log, so an admin can see what was sent and the demo works with no mail server at all.
import { and, desc, eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../db/database';
import { mailLog } from '../db/schema/preregistration';

export interface MailOptions {
  /** smtp://user:pass@host:port (or smtps://). Without it mail is only logged. */
  smtpUrl?: string;
  from?: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: Array<{ filename: string; content: Buffer; cid: string; contentType: string }>;
}

export function createMailer(db: Db, now: () => number, options: MailOptions = {}) {
  const transport: Transporter | null = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl, { from: options.from ?? 'Gatehouse <no-reply@gatehouse.local>' })
    : null;
  const from = options.from ?? 'Gatehouse <no-reply@gatehouse.local>';
  return {
    /** Never throws: a failed send is logged as failed, and the caller's action still stands. */
    async send(entityId: string, message: MailMessage): Promise<'sent' | 'logged' | 'failed'> {
      let status: 'sent' | 'logged' | 'failed' = 'logged';
      let error: string | null = null;
      if (transport) {
        try {
          await transport.sendMail({ from, ...message });
          status = 'sent';
        } catch (e) {
          status = 'failed';
          error = e instanceof Error ? e.message : String(e);
        }
      }
      await db.insert(mailLog).values({
        entityId,
        id: uuidv7(),
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        status,
        error,
        createdAt: new Date(now()),
      });
      return status;
    },
    async list(entityId: string, limit = 100) {
      return db
        .select({
          id: mailLog.id,
          to: mailLog.to,
          subject: mailLog.subject,
          text: mailLog.text,
          status: mailLog.status,
          error: mailLog.error,
          created_at: mailLog.createdAt,
        })
        .from(mailLog)
        .where(and(eq(mailLog.entityId, entityId)))
        .orderBy(desc(mailLog.createdAt))
        .limit(limit);
    },
    close() {
      transport?.close();
    },
  };
}
export type Mailer = ReturnType<typeof createMailer>;

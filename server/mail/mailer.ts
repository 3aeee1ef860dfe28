// Outgoing mail: through SMTP (nodemailer, SMTP_URL) when configured, and always into the
// mail log, so an admin can see what was sent and the demo works with no mail server at all.
// The log is also the mail's outbox: a mail the server could not take (down, refusing) stays
// 'queued' with its attachments and is sent again with backoff by the retry job (any instance;
// one takes each row, under a lease), so an outage of the mail server delays mail but never
// loses it. Callers that retry on their own (the host notification outbox) ask for no queueing.
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../db/database';
import { mailLog, type MailStatus, type StoredAttachment } from '../db/schema/preregistration';

/** Tries in all before a queued mail is given up ('failed'). */
export const MAIL_ATTEMPTS = 6;
/** A retry in flight may be taken over after this (well past nodemailer's timeouts). */
const MAIL_LEASE_MS = 5 * 60_000;
/** 1 min, 2, 4, 8, 16 between tries: about half an hour of outage before giving up. */
export const mailBackoffMs = (attempts: number) => 60_000 * 2 ** Math.max(0, attempts - 1);
const RETRY_BATCH = 20;

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
  let timer: ReturnType<typeof setInterval> | null = null;
  let running: Promise<number> | null = null;

  async function deliver(message: MailMessage): Promise<string | null> {
    if (!transport) return null;
    try {
      await transport.sendMail({ from, ...message });
      return null;
    } catch (e) {
      return e instanceof Error ? e.message : String(e);
    }
  }

  /** Sends the queued mail that is due; answers how many went. */
  async function retryDue(): Promise<number> {
    if (!transport) return 0;
    const t = now();
    const claimed = await db.transaction(async (tx) => {
      const due = await tx
        .select({ entityId: mailLog.entityId, id: mailLog.id })
        .from(mailLog)
        // Queued and due, or a retry in flight whose lease ended (its instance died).
        .where(and(inArray(mailLog.status, ['queued', 'sending']), lte(mailLog.retryAt, t)))
        .orderBy(asc(mailLog.retryAt))
        .limit(RETRY_BATCH)
        .for('update', { skipLocked: true });
      const rows = [];
      for (const { entityId, id } of due) {
        const [row] = await tx
          .update(mailLog)
          .set({ status: 'sending', retryAt: t + MAIL_LEASE_MS, attempts: sql`${mailLog.attempts} + 1` })
          .where(and(eq(mailLog.entityId, entityId), eq(mailLog.id, id)))
          .returning();
        if (row) rows.push(row);
      }
      return rows;
    });
    let sent = 0;
    for (const row of claimed) {
      const error = await deliver({
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        attachments: row.attachments?.map((a) => ({ ...a, content: Buffer.from(a.content, 'base64') })),
      });
      const set =
        error === null
          ? { status: 'sent' as const, error: null, retryAt: null, attachments: null }
          : row.attempts >= MAIL_ATTEMPTS
            ? { status: 'failed' as const, error: `gave up after ${row.attempts} tries: ${error}`, retryAt: null }
            : { status: 'queued' as const, error, retryAt: now() + mailBackoffMs(row.attempts) };
      await db
        .update(mailLog)
        .set(set)
        .where(and(eq(mailLog.entityId, row.entityId), eq(mailLog.id, row.id), eq(mailLog.status, 'sending')));
      if (error === null) sent++;
    }
    return sent;
  }

  return {
    /** Never throws: the caller's action stands whatever the mail server does. A mail the server
     * could not take is queued and sent again later ('queued'); with `retry: false` it is only
     * recorded as failed, for a caller that retries by itself. */
    async send(entityId: string, message: MailMessage, opts: { retry?: boolean } = {}): Promise<MailStatus> {
      const error = await deliver(message);
      const retry = opts.retry ?? true;
      const status: MailStatus = !transport ? 'logged' : error === null ? 'sent' : retry ? 'queued' : 'failed';
      const attachments: StoredAttachment[] | null =
        status === 'queued' && message.attachments?.length
          ? message.attachments.map((a) => ({ ...a, content: a.content.toString('base64') }))
          : null;
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
        retryAt: status === 'queued' ? now() + mailBackoffMs(1) : null,
        attachments,
      });
      return status;
    },
    retryDue,
    /** Runs retryDue every `intervalMs` (one run at a time). */
    start(intervalMs: number) {
      if (timer || !transport) return;
      timer = setInterval(() => {
        if (!running)
          running = retryDue()
            .catch(() => 0)
            .finally(() => (running = null));
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
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
      if (timer) clearInterval(timer);
      timer = null;
      transport?.close();
    },
  };
}
export type Mailer = ReturnType<typeof createMailer>;

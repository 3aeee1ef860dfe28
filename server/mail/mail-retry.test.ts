// A mail server outage delays mail but never loses it, against a real SMTP server the test
// starts and can make refuse (451, as a server that is overloaded or restarting answers): the
// invitation is queued with its QR, sent again with backoff once the server takes mail, each
// mail once even with two instances retrying at once; after six tries it is given up with the
// reason, and a caller that retries by itself gets no queued copy.
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { entities } from '../db/schema/entities';
import { mailLog } from '../db/schema/preregistration';
import { eachDatabase } from '../test/databases';
import { seededApp, testClock } from '../test/harness';
import { invitationMail } from './invitation';
import { createMailer, MAIL_ATTEMPTS, mailBackoffMs } from './mailer';

let down = true;
const received: string[] = [];
let server: SMTPServer;
let port = 0;
beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, done) {
      let raw = '';
      stream.on('data', (d: Buffer) => (raw += d.toString('utf8')));
      stream.on('end', () => {
        if (down) return done(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        received.push(raw);
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

eachDatabase((get) => {
  const clock = testClock();
  const invitation = (to: string) =>
    invitationMail({
      lang: 'en',
      to,
      visitorName: 'Vera Visitor',
      companyName: 'Acme',
      when: '2026-01-16 10:00',
      link: 'http://localhost/c/abc/def',
      qr: 'GH1.x.y',
      pendingApproval: false,
    });

  it('queues an invitation the mail server refused and sends it, QR and all, once it is back', async () => {
    const app = await seededApp(get().database, clock);
    const db = get().database.db;
    const [acme] = await db.select().from(entities).where(eq(entities.subdomain, 'acme'));
    const a = createMailer(db, clock.now, { smtpUrl: `smtp://127.0.0.1:${port}` });
    const b = createMailer(db, clock.now, { smtpUrl: `smtp://127.0.0.1:${port}` });
    const rowOf = async (to: string) => (await db.select().from(mailLog).where(eq(mailLog.to, to)))[0]!;
    down = true;
    received.length = 0;

    expect(await a.send(acme!.id, await invitation('vera@example.com'))).toBe('queued');
    expect(await rowOf('vera@example.com')).toMatchObject({
      status: 'queued',
      attempts: 1,
      retryAt: clock.now() + mailBackoffMs(1),
      error: expect.stringContaining('Try again later'),
    });
    // Not before its time; then a second refusal waits twice as long.
    expect(await a.retryDue()).toBe(0);
    clock.advance(mailBackoffMs(1));
    expect(await a.retryDue()).toBe(0);
    expect(await rowOf('vera@example.com')).toMatchObject({
      status: 'queued',
      attempts: 2,
      retryAt: clock.now() + mailBackoffMs(2),
    });

    // More mail during the outage; the server comes back; two instances retry at once.
    for (let i = 0; i < 5; i++)
      expect(await b.send(acme!.id, await invitation(`guest${i}@example.com`))).toBe('queued');
    down = false;
    clock.advance(mailBackoffMs(2));
    const [sentA, sentB] = await Promise.all([a.retryDue(), b.retryDue()]);
    expect(sentA + sentB).toBe(6);
    expect(received).toHaveLength(6);
    const vera = received.filter((raw) => raw.includes('To: vera@example.com'));
    expect(vera).toHaveLength(1);
    // The QR went with it, kept while the mail waited and dropped once sent.
    expect(vera[0]).toMatch(/Content-Type: image\/png/i);
    expect(await rowOf('vera@example.com')).toMatchObject({
      status: 'sent',
      error: null,
      retryAt: null,
      attachments: null,
    });
    clock.advance(60 * 60_000);
    expect(await a.retryDue()).toBe(0);
    expect(received).toHaveLength(6);
    a.close();
    b.close();
    await app.close();
  });

  it('gives up after six tries with the reason, and queues nothing for a caller that retries itself', async () => {
    const app = await seededApp(get().database, clock);
    const db = get().database.db;
    const [acme] = await db.select().from(entities).where(eq(entities.subdomain, 'acme'));
    const mailer = createMailer(db, clock.now, { smtpUrl: `smtp://127.0.0.1:${port}` });
    down = true;
    expect(await mailer.send(acme!.id, await invitation('gone@example.com'))).toBe('queued');
    for (let attempt = 1; attempt < MAIL_ATTEMPTS; attempt++) {
      clock.advance(mailBackoffMs(attempt));
      await mailer.retryDue();
    }
    const [gone] = await db.select().from(mailLog).where(eq(mailLog.to, 'gone@example.com'));
    expect(gone).toMatchObject({ status: 'failed', attempts: MAIL_ATTEMPTS, retryAt: null });
    expect(gone!.error).toMatch(/^gave up after 6 tries: .*Try again later/);

    expect(await mailer.send(acme!.id, await invitation('once@example.com'), { retry: false })).toBe('failed');
    down = false;
    clock.advance(24 * 60 * 60_000);
    const before = received.length;
    await mailer.retryDue();
    expect(received.filter((raw) => raw.includes('once@example.com'))).toHaveLength(0);
    expect(received.length).toBe(before);
    mailer.close();
    await app.close();
  });
});

// Real SMTP: an smtp-server the test starts receives the invitation nodemailer sends; with no
// SMTP_URL the same message only lands in the mail log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { eachDatabase } from '../test/databases';
import { seededApp, testClock } from '../test/harness';
import { createMailer } from './mailer';
import { invitationMail } from './invitation';

describe('mailer', () => {
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
        stream.on('data', (d: Buffer) => {
          raw += d.toString('utf8');
        });
        stream.on('end', () => {
          received.push(raw);
          done();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  eachDatabase((get) => {
    it('sends the invitation with its link and QR over SMTP, and logs it', async () => {
      const app = await seededApp(get().database, testClock());
      const entityId = (await get().database.db.query.entities.findFirst())!.id;
      const mailer = createMailer(get().database.db, () => Date.now(), { smtpUrl: `smtp://127.0.0.1:${port}` });
      const message = await invitationMail({
        lang: 'en',
        to: 'vera@example.com',
        visitorName: 'Vera Visitor',
        companyName: 'Acme',
        when: '2026-01-16 10:00',
        link: 'http://localhost/c/abc/def',
        qr: 'GH1.x.y',
        pendingApproval: false,
      });
      expect(await mailer.send(entityId, message)).toBe('sent');
      const raw = received.at(-1)!;
      expect(raw).toContain('Subject: Your visit to Acme on 2026-01-16 10:00');
      expect(raw).toContain('http://localhost/c/abc/def');
      expect(raw).toMatch(/Content-Type: image\/png/i);
      expect((await mailer.list(entityId))[0]).toMatchObject({ to: 'vera@example.com', status: 'sent' });
      const offline = createMailer(get().database.db, () => Date.now(), {});
      expect(await offline.send(entityId, message)).toBe('logged');
      mailer.close();
      await app.close();
    });
  });
});

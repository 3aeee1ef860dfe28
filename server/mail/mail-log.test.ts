// /api/mail-log is open to every role holding `users`, so the secrets in the
// logged mail (visitors' personal and compliance links, RFID enrolment links) are masked there,
// keeping four characters so an admin can still tell mails apart.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { entities, mailLog, users } from '../db/schema/index';
import { eachDatabase } from '../test/databases';
import { callerOf, seededApp, tokenFor } from '../test/harness';
import { invitationMail } from './invitation';
import { createMailer } from './mailer';

interface LoggedMail {
  to: string;
  subject: string;
  text: string;
}

eachDatabase((get) => {
  let app: FastifyInstance;
  let admin = '';
  let employee = '';
  let acme = '';
  const call = callerOf(
    () => app,
    () => admin,
  );
  const logFor = async (token: string, to: string) =>
    ((await call('GET', '/api/mail-log', undefined, token)).json().data as LoggedMail[]).filter((m) => m.to === to);

  beforeAll(async () => {
    app = await seededApp(get().database);
    admin = await tokenFor(app, 'admin@acme.test');
    employee = await tokenFor(app, 'employee@acme.test');
    acme = (await get().database.db.select().from(entities).where(eq(entities.subdomain, 'acme')))[0]!.id;
  });
  afterAll(async () => {
    await app.close();
  });

  it('masks an RFID enrolment link the server mailed', async () => {
    const [hannah] = await get()
      .database.db.select()
      .from(users)
      .where(and(eq(users.entityId, acme), eq(users.email, 'hannah.host@acme.test')));
    const started = await call('POST', '/api/rfid_enrollment/link', { user_id: hannah!.id });
    expect(started.statusCode).toBe(201);
    const url: string = started.json().data.url;
    const code = url.split('/rfid/')[1]!;
    // Stored in full (the person received it), shown masked to everyone who reads the log.
    const [stored] = await get().database.db.select().from(mailLog).where(eq(mailLog.to, 'hannah.host@acme.test'));
    expect(stored!.text).toContain(url);
    for (const token of [admin, employee]) {
      const [shown] = await logFor(token, 'hannah.host@acme.test');
      expect(shown!.text).toContain(`/rfid/${code.slice(0, 4)}…`);
      expect(shown!.text).not.toContain(code.slice(0, 5));
    }
  });

  it("masks a visitor's personal and compliance links, and keeps the rest of the mail readable", async () => {
    const visitUrl = 'Vx7pQ2mN9kLz3hR5tY8wB1';
    const code = 'Cd4Ef5Gh6Ij7';
    const mailer = createMailer(get().database.db, () => Date.now(), {});
    await mailer.send(
      acme,
      await invitationMail({
        lang: 'en',
        to: 'vera@example.com',
        visitorName: 'Vera Visitor',
        companyName: 'Acme',
        when: '2026-01-16 10:00',
        link: `https://gate.example/c/${visitUrl}/${code}`,
        qr: 'GH1.payload.signature',
        pendingApproval: false,
        complianceLink: `https://gate.example/online-compliance/${visitUrl}`,
      }),
    );
    const [shown] = await logFor(employee, 'vera@example.com');
    expect(shown!.subject).toBe('Your visit to Acme on 2026-01-16 10:00');
    expect(shown!.text).toContain('https://gate.example/c/Vx7p…/Cd4E…');
    expect(shown!.text).toContain('https://gate.example/online-compliance/Vx7p…');
    expect(shown!.text).toContain('Vera Visitor');
    expect(shown!.text).not.toMatch(/Vx7pQ|Cd4Ef/);
  });
});

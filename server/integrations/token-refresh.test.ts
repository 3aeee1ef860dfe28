// The integration token around the sync job (spec 1 §4: refreshed whenever the stored token
// time is missing or 24 hours or more old) against the fake Google directory, and the
// schedule each frequency sets after a sync (daily, weekly, monthly, immediately). Every
// integration here reads the same fake people, so later ones finish as done with duplicates (15).
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { syncPhase } from '../../domain/integrations';
import { integrations } from '../db/schema/index';
import { startGoogleFake, type GoogleFake } from '../../tests/fake-directories/google';
import { eachDatabase } from '../test/databases';
import { bearer, seededApp, testClock, tokenFor, type Clock } from '../test/harness';
import { integrationForm, runSync } from '../test/integration-fixture';
import { credentialsBox } from './directory-access';

const HOUR = 3_600_000;
const box = credentialsBox(process.env.INTEGRATION_KEY);

eachDatabase((get) => {
  let app: FastifyInstance;
  let google: GoogleFake;
  let admin: string;
  let clock: Clock;

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });
  const db = () => get().database.db;
  /** A Google integration as a finished consent leaves it, its token obtained `age` ago (null: never). */
  const connected = async (frequency: string, age: number | null, refreshToken = 'google-refresh') => {
    const res = await call(
      'POST',
      '/api/integrations',
      integrationForm(`Google ${frequency}`, { kind: 'googleAD' }, { frequency }),
    );
    const id = (res.json() as { data: { id: string } }).data.id;
    await db()
      .update(integrations)
      .set({
        credentials: box.seal({ kind: 'googleAD', accessToken: 'google-access-0', refreshToken }),
        tokenObtainedAt: age === null ? null : new Date(clock.now() - age),
      })
      .where(eq(integrations.id, id));
    return id;
  };
  const stored = async (id: string) => {
    const [row] = await db().select().from(integrations).where(eq(integrations.id, id));
    return { ...row!, open: box.open(row!.credentials) };
  };
  const syncNow = (id: string) => runSync(app, admin, id);
  const refreshes = () => google.tokenForms.filter((f) => f.grant_type === 'refresh_token').length;

  beforeAll(async () => {
    google = await startGoogleFake({ people: 2 });
    Object.assign(process.env, {
      GOOGLE_AUTH_URL: google.url,
      GOOGLE_BASE_URL: google.url,
      GOOGLE_CLIENT_ID: 'gatehouse-google-app',
      GOOGLE_CLIENT_SECRET: 'gatehouse-google-secret',
    });
    clock = testClock();
    app = await seededApp(get().database, clock);
    admin = await tokenFor(app, 'admin@acme.test');
  });
  afterAll(async () => {
    await app?.close();
    await google?.close();
    for (const k of ['GOOGLE_AUTH_URL', 'GOOGLE_BASE_URL', 'GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'])
      delete process.env[k];
  });

  it('refreshes an expired token 24 h old before the sync, and stores the new one sealed', async () => {
    google.expireTokens();
    const id = await connected('daily', 25 * HOUR);
    const before = refreshes();
    expect(await syncNow(id)).toMatchObject({ status_id: 3, integration_status: 'active' });
    expect(refreshes()).toBe(before + 1);
    expect(google.tokenForms.at(-1)).toMatchObject({
      grant_type: 'refresh_token',
      refresh_token: 'google-refresh',
      client_id: 'gatehouse-google-app',
      client_secret: 'gatehouse-google-secret',
    });
    const after = await stored(id);
    expect(after.open).toMatchObject({ kind: 'googleAD', refreshToken: 'google-refresh' });
    expect(after.open.kind === 'googleAD' && after.open.accessToken).not.toBe('google-access-0');
    expect(after.credentials).not.toContain('google-');
    expect(after.tokenObtainedAt?.getTime()).toBe(clock.now());
  });

  it('refreshes when the token time is missing, and not when the token is fresh', async () => {
    const missing = await connected('daily', null);
    const before = refreshes();
    expect(syncPhase((await syncNow(missing)).status_id)).toBe('done');
    expect(refreshes()).toBe(before + 1);
    // The token the last refresh issued is valid: an hour-old copy of it syncs without a refresh.
    const fresh = await connected('daily', HOUR);
    const token = (await stored(missing)).open;
    await db()
      .update(integrations)
      .set({ credentials: box.seal(token) })
      .where(eq(integrations.id, fresh));
    expect(syncPhase((await syncNow(fresh)).status_id)).toBe('done');
    expect(refreshes()).toBe(before + 1);
  });

  it('goes to authentication failed when the refresh token was revoked', async () => {
    const id = await connected('daily', 30 * HOUR, 'revoked-refresh');
    expect(await syncNow(id)).toMatchObject({ status_id: 9, integration_status: 'authentication failed' });
  });

  it.each([
    ['immediately', Date.UTC(2026, 0, 15, 9, 5)],
    ['daily', Date.UTC(2026, 0, 16, 9, 0)],
    ['weekly', Date.UTC(2026, 0, 22, 9, 0)],
    ['monthly', Date.UTC(2026, 1, 15, 9, 0)],
  ])('schedules the next %s sync, and the sweep runs it when due', async (frequency, next) => {
    const start = clock.now();
    const id = await connected(frequency, 0);
    expect(syncPhase((await syncNow(id)).status_id)).toBe('done');
    const first = await stored(id);
    expect(first.nextSyncAt!.getTime() - start).toBe(next - Date.UTC(2026, 0, 15, 9, 0));
    // Not yet due: the sweep leaves it; once due, it runs and the schedule moves on again.
    clock.advance(first.nextSyncAt!.getTime() - clock.now() - 1000);
    await app.services.integrationJobs.sweep();
    await app.services.integrationJobs.idle();
    expect((await stored(id)).lastSyncAt!.getTime()).toBe(first.lastSyncAt!.getTime());
    clock.advance(1000);
    await app.services.integrationJobs.sweep();
    await app.services.integrationJobs.idle();
    const second = await stored(id);
    expect(second.lastSyncAt!.getTime()).toBe(first.nextSyncAt!.getTime());
    expect(second.nextSyncAt!.getTime()).toBeGreaterThan(first.nextSyncAt!.getTime());
    // Put the clock back so each frequency is measured from the same instant.
    clock.advance(start - clock.now());
  });
});

// The fuzz walk: every POST/PUT route and every sync mutation gets values generated from its
// own valibot schema (server/test/arbitrary.ts: near-valid with U+0000, huge and negative
// integers, deep nesting, long strings and wrong types mixed in). Never a 5xx; a rejected
// request writes nothing (a rejected mutation adds only its own mutation_log row).
// Seeded: FUZZ_SEED=<n> replays a run; a failure names its route, seed and value.
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type * as v from 'valibot';
import { ERROR_CODES } from '../domain/errors';
import { isAllowed } from '../domain/permissions';
import { mutations } from '../sync/catalogue';
import type { RouteEntry } from './app';
import { schemasOf } from './http/route-schemas';
import { arbitraryFor } from './test/arbitrary';
import { kioskCaller, roleCallers, type Caller } from './test/callers';
import { oneDatabase } from './test/databases';
import { changes, fingerprinter, type Fingerprint } from './test/fingerprint';
import { bearer, entityFacts, freshAddress, seededApp, tokenFor } from './test/harness';
import { apiRoutes, companyIds, plausibleUrls, type Method } from './test/routes';

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_115);
/** Cases per route and mutation: PGlite takes the whole walk; PostgreSQL, whose statements are
 * the same, the first half of the same cases (it catches dialect faults, which the first cases
 * reach as well). */
const RUNS_ON = { pglite: 10, postgres: 5 } as const;
/** A bound for the whole walk, not a speed assertion: without it a slow machine would cut the walk short. */
const WALK_MS = 600_000;

/** Routes whose body the walk cannot reach, with why; any other POST/PUT route must be fuzzed. */
const UNREACHED: Record<string, string> = {
  'POST /api/create-expected-visit/:lang': 'multipart form (fields parsed from the form, not a JSON body)',
  'POST /api/confirm/visit/:lang': 'multipart form, behind a visit link secret',
  'PUT /api/confirm/visit/:lang': 'multipart form, behind a visit link secret',
  'POST /api/rfid/:lang/:code': 'behind an RFID link secret (404 before the body)',
  'POST /api/reset-password/:token': 'behind a password link secret (404 before the body)',
  'POST /api/kiosks/requests/cancel/:id': 'takes no body (cancels a kiosk request not yet delivered)',
  'POST /api/kiosks/requests/close/:id': 'takes no body (closes a finished kiosk request)',
  'POST /api/reports/printer/:id/reprint': 'takes no body (records a reprint of a listed badge)',
  'POST /api/online-compliance/:lang/:visitUrl': 'behind a visit link secret (404 before the body)',
  'POST /api/entity/:id/api-token': 'takes no body (generates the integration token)',
  'POST /api/two-step/start': 'takes no body (starts the caller’s two-step enrolment)',
  'POST /api/integrations/:id/sync': 'takes no body (starts or retries a directory sync)',
  'PUT /api/integrations/:id': 'body parsed after the integration is found (an unknown id answers 404 first)',
  'PUT /api/watch-list/:id': 'body parsed after the entry is found (an unknown id answers 404 first)',
  'POST /api/integrations/:id/duplicates/resolve': 'body parsed after the integration is found (404 first)',
  'POST /api/integrations/:id/test-connection': 'body parsed after the integration is found (404 first)',
  'POST /api/integrations/:id/activate': 'takes no body (turns automatic sync on)',
  'POST /api/integrations/:id/connect': 'takes no body (answers the Google/Microsoft consent address)',
  'POST /api/integrations/:id/deactivate': 'takes no body (turns automatic sync off)',
  'POST /api/integrations/:id/write-back/run': 'takes no body (writes back now)',
  'POST /api/check-activation-status': 'takes no body (the caller’s own passport status)',
  'POST /api/reactivate-passport-account': 'takes no body (reactivates the caller’s own passport)',
  'POST /api/passport/deactivate': 'takes no body (deactivates the caller’s own passport)',
  'POST /api/users/:id/two-step/reset': 'takes no body (an admin resets a person’s two-step)',
  'POST /api/login-one-time/issue': 'takes no body (a one-time login link for the caller)',
  'POST /api/notifications/:id/resend': 'takes no body (sends a host notification again)',
  'POST /api/notifications/ack/:token': 'behind a signed answer link (404 before the body)',
};
/** Reached but not fuzzed: a generated body names a directory elsewhere (Wonde, Graph, any Paxton
 *  address), so fuzzing would send traffic off this machine; their tests use local fakes. */
const OFF_MACHINE: Record<string, string> = {
  'POST /api/integrations/test-connection': 'server/integrations/connection-test.test.ts',
};
/** A failed login is counted (the account lock) even though the request is refused. */
const WRITES_ON_REFUSAL: Record<string, string[]> = { 'POST /api/login': ['login_attempts'] };

function excerpt(value: unknown): string {
  try {
    return (
      JSON.stringify(value, (_k, x: unknown) =>
        typeof x === 'string' && x.length > 24 ? `${x.slice(0, 12)}…(${x.length} chars)` : x,
      ) ?? 'undefined'
    ).slice(0, 240);
  } catch {
    return '(a value nested too deep to print)';
  }
}

oneDatabase((get, kind) => {
  const RUNS = RUNS_ON[kind];
  let app: FastifyInstance;
  let admin: Caller;
  let kiosk: Caller;
  let ids: string[];
  let fingerprint: () => Promise<Fingerprint>;
  let fixed: Record<string, string>;
  const bodyRoutes = new Map<string, { route: RouteEntry; url: string; schema: v.GenericSchema }>();
  /** The route walk, still running if it hit WALK_MS: the next test waits for it to stop, so a
   * timed-out walk's requests cannot write while the next test fingerprints the database. */
  let walk: Promise<unknown> = Promise.resolve();
  let stopWalk = false;

  /** Learns each route's body schema by calling it with a body no object schema takes. */
  async function discover() {
    ids = (await companyIds(get().database, admin.ctx.entityId)).filter((id) => id !== admin.ctx.userId);
    for (const route of apiRoutes(app).filter(
      (r) => (r.method === 'POST' || r.method === 'PUT') && !bodyRoutes.has(`${r.method} ${r.url}`),
    )) {
      for (const url of plausibleUrls(route.url, ids, fixed)) {
        await send(route.method as Method, url, callerFor(route), []);
        const [schema] = schemasOf(route.method, route.url, 'body');
        if (schema) {
          bodyRoutes.set(`${route.method} ${route.url}`, { route, url, schema });
          break;
        }
      }
    }
  }

  const send = (method: Method, url: string, caller: Caller | null, value: unknown): Promise<LightMyRequestResponse> =>
    app.inject({
      method,
      url,
      remoteAddress: freshAddress(),
      headers: { 'content-type': 'application/json', ...(caller ? bearer(caller.token) : {}) },
      payload: JSON.stringify(value) ?? 'null',
    });
  const callerFor = (route: RouteEntry): Caller | null => {
    if (!route.access || route.access.kind === 'public') return null;
    if (route.access.kind === 'login') return admin;
    return route.access.keys.some((k) => isAllowed(admin.ctx.permissions, k)) ? admin : kiosk;
  };

  beforeAll(async () => {
    app = await seededApp(get().database);
    const acme = (await entityFacts(get().database, 'acme')).entity.id;
    // The system admin (not the owner) fuzzes, and its own id is never a generated value, so
    // a valid "archive these users" cannot lock the walk out halfway.
    const token = await tokenFor(app, 'system@acme.test');
    admin = { name: 'system admin', token, ctx: (await app.services.auth.authenticate(token))!, device: false };
    kiosk = await kioskCaller(app, get().database, acme, await tokenFor(app, 'admin@acme.test'));
    fingerprint = await fingerprinter(get().database);
    fixed = { entityId: acme, lang: 'en', userId: 'all' };
    // Records the seed has none of, so the routes that change them reach their body.
    const employee = (await roleCallers(app, get().database, acme)).find((c) => c.name === 'employee')!;
    const doc = await send('POST', '/api/user_document', admin, {
      user_id: employee.ctx.userId,
      type: 'covid_vaccine',
    });
    expect(doc.statusCode).toBe(201);
  });
  afterAll(async () => {
    stopWalk = true;
    await walk.catch(() => undefined);
    await app.close();
  });

  it(
    'no POST/PUT route answers 5xx or writes when it refuses',
    async () => {
      const failures: string[] = [];
      let n = 0;
      walk = (async () => {
        await discover();
        for (const [key, { route, url, schema }] of bodyRoutes) {
          if (stopWalk) return;
          const seed = SEED + n++;
          if (!(key in OFF_MACHINE)) failures.push(...(await fuzzRoute(key, route, url, schema, seed)));
        }
      })();
      await walk;
      expect(failures).toEqual([]);
    },
    WALK_MS,
  );

  it('reaches the body schema of every POST/PUT route', () => {
    const routes = apiRoutes(app)
      .filter((r) => r.method === 'POST' || r.method === 'PUT')
      .map((r) => `${r.method} ${r.url}`);
    expect(
      routes.filter((r) => !bodyRoutes.has(r) && !(r in UNREACHED)),
      'POST/PUT routes whose body schema the walk never reached',
    ).toEqual([]);
    expect(bodyRoutes.size).toBeGreaterThanOrEqual(30);
  });

  async function fuzzRoute(
    key: string,
    route: RouteEntry,
    url: string,
    schema: v.GenericSchema,
    seed: number,
  ): Promise<string[]> {
    let failure = '';
    // The fingerprint after one request is the next one's "before": one count of every table a
    // request, not two (the walk was passing its bound on a slow machine's PGlite).
    let current = await fingerprint();
    await fc.check(
      fc.asyncProperty(arbitraryFor(schema, { ids }), async (value) => {
        const before = current;
        const res = await send(route.method as Method, url, callerFor(route), value);
        current = await fingerprint();
        if (res.statusCode >= 500) failure = `${res.statusCode} ${res.body.slice(0, 120)}`;
        else if (res.statusCode >= 400) {
          const allowed = WRITES_ON_REFUSAL[key] ?? [];
          const wrote = Object.entries(changes(before, current)).filter(([t]) => !allowed.includes(t));
          if (wrote.length)
            failure = `${res.statusCode} ${res.json<{ code?: string }>().code} but wrote ${JSON.stringify(Object.fromEntries(wrote))}`;
        }
        if (failure) failure += ` with ${excerpt(value)}`;
        return !failure;
      }),
      { seed, numRuns: RUNS, endOnFailure: true },
    );
    return failure ? [`${key} (FUZZ_SEED=${SEED}, case seed ${seed}): ${failure}`] : [];
  }

  it(
    'no sync mutation answers 5xx or writes more than its log row when it is rejected',
    async () => {
      stopWalk = true;
      await walk.catch(() => undefined);
      ids ??= (await companyIds(get().database, admin.ctx.entityId)).filter((id) => id !== admin.ctx.userId);
      const failures: string[] = [];
      const seqs = new Map<Caller, number>();
      const devices = new Map([
        [admin, uuidv7()],
        [kiosk, uuidv7()],
      ]);
      let n = 0;
      for (const [name, def] of Object.entries(mutations) as Array<
        [string, { args: v.GenericSchema; permission: unknown }]
      >) {
        const keys = [def.permission].flat().map(String);
        const caller = [admin, kiosk].find((c) => keys.some((k) => isAllowed(c.ctx.permissions, k)));
        if (!caller) {
          failures.push(`${name}: neither the system admin nor a kiosk holds ${keys.join('/')}`);
          continue;
        }
        const seed = SEED + 1_000 + n++;
        let failure = '';
        await fc.check(
          fc.asyncProperty(arbitraryFor(def.args, { ids }), async (args) => {
            const seq = (seqs.get(caller) ?? 0) + 1;
            seqs.set(caller, seq);
            const before = await fingerprint();
            const res = await send('POST', '/api/sync/push', caller, {
              deviceId: devices.get(caller),
              mutations: [
                { seq, mutationId: uuidv7(), name, args, clientTime: Date.UTC(2026, 0, 15, 9), clockOffsetMs: 0 },
              ],
            });
            if (res.statusCode >= 500) failure = `${res.statusCode} ${res.body.slice(0, 120)}`;
            else if (res.statusCode >= 400) failure = `the push answered ${res.statusCode} ${res.body.slice(0, 120)}`;
            else {
              const result = (res.json() as { results: Array<{ status: string; code?: string }> }).results[0];
              if (result?.status === 'rejected') {
                const wrote = changes(before, await fingerprint());
                const extra = Object.entries(wrote).filter(
                  ([t, d]) => !(t === 'mutation_log' && d === 1) && !(t === 'devices' && d === 1),
                );
                if (wrote.mutation_log !== 1 || extra.length)
                  failure = `rejected ${result.code} but wrote ${JSON.stringify(wrote)}`;
              }
            }
            if (failure) failure += ` with ${excerpt(args)}`;
            return !failure;
          }),
          { seed, numRuns: RUNS, endOnFailure: true },
        );
        if (failure) failures.push(`${name} as ${caller.name} (FUZZ_SEED=${SEED}, case seed ${seed}): ${failure}`);
      }
      expect(failures).toEqual([]);
    },
    WALK_MS,
  );

  // every push entry shape. A batch per catalogue mutation mixes
  // entries of it (fuzzed args) with odd mutation ids (capitals, not a uuid, repeated), odd seqs
  // and names, and `__proto__` / `constructor.prototype` keys; the push answers 200 with one
  // answer per entry, in order, each applied, duplicate or rejected with a catalogue code.
  it(
    'answers every entry of a push alone, whatever its shape',
    async () => {
      stopWalk = true;
      await walk.catch(() => undefined);
      const failures: string[] = [];
      // The company's ids, as the route walk learns them (this test also runs alone with -t).
      ids ??= (await companyIds(get().database, admin.ctx.entityId)).filter((id) => id !== admin.ctx.userId);
      const codes = new Set<string>(ERROR_CODES);
      const poison = (x: unknown): unknown =>
        JSON.parse(`{"__proto__":{"polluted":1},"v":${JSON.stringify(x) ?? 'null'}}`);
      let n = 0;
      for (const [name, def] of Object.entries(mutations) as Array<
        [string, { args: v.GenericSchema; permission: unknown }]
      >) {
        const keys = [def.permission].flat().map(String);
        const caller = [admin, kiosk].find((c) => keys.some((k) => isAllowed(c.ctx.permissions, k))) ?? admin;
        const repeated = uuidv7();
        const entry = fc.record({
          seq: fc.oneof(fc.integer({ min: 1, max: 50 }), fc.constantFrom(0, -1, 1.5, 2 ** 31, 1e20)),
          mutationId: fc.oneof(
            fc.constant(null).map(() => uuidv7()),
            fc.constant(null).map(() => uuidv7().toUpperCase()),
            fc.constantFrom(repeated, 'not-a-uuid', '', '00000000-0000-0000-0000-000000000000'),
            fc.constant(null).map(() => ({ id: uuidv7() })),
          ),
          name: fc.oneof(
            { weight: 4, arbitrary: fc.constant(name) },
            fc.constantFrom('no.such', '__proto__', 'constructor', 'toString', ''),
          ),
          args: fc.oneof(
            { weight: 3, arbitrary: arbitraryFor(def.args, { ids }) },
            arbitraryFor(def.args, { ids }).map(poison),
            fc.constantFrom(null, [], 'args', 7),
          ),
          clientTime: fc.oneof(fc.constant(Date.UTC(2026, 0, 15, 9)), fc.constantFrom(-1, 1e20, 'now')),
          clockOffsetMs: fc.constantFrom(0, 0, 1e13, null),
          topKey: fc.constantFrom('none', 'none', '__proto__', 'constructor'),
        });
        const seed = SEED + 2_000 + n++;
        let failure = '';
        await fc.check(
          fc.asyncProperty(fc.array(entry, { minLength: 1, maxLength: 6 }), async (drawn) => {
            const batch = drawn.map(({ topKey, ...m }) =>
              topKey === '__proto__'
                ? { ...(JSON.parse('{"__proto__":{"seq":1}}') as object), ...m }
                : topKey === 'constructor'
                  ? { ...m, constructor: { prototype: { isAdmin: true } } }
                  : m,
            );
            const res = await send('POST', '/api/sync/push', caller, { deviceId: uuidv7(), mutations: batch });
            if (res.statusCode !== 200) failure = `the push answered ${res.statusCode} ${res.body.slice(0, 120)}`;
            else {
              const results = (res.json() as { results: Array<{ seq: number; status: string; code?: string }> })
                .results;
              if (results.length !== batch.length) failure = `${results.length} answers to ${batch.length} entries`;
              results.forEach((r, i) => {
                if (failure) return;
                if (r.seq !== batch[i]!.seq) failure = `answer ${i} has seq ${r.seq}, not ${batch[i]!.seq}`;
                else if (!['applied', 'duplicate', 'rejected'].includes(r.status)) failure = `status ${r.status}`;
                else if (r.status === 'rejected' && !codes.has(r.code ?? '')) failure = `code ${r.code}`;
                else if (
                  r.status !== 'rejected' &&
                  (batch[i]!.name !== name || !/^[0-9a-f-]{36}$/.test(String(batch[i]!.mutationId)))
                )
                  failure = `entry ${i} (${excerpt(batch[i])}) was ${r.status}`;
              });
            }
            if ((Object.prototype as Record<string, unknown>).polluted !== undefined)
              failure = 'Object.prototype polluted';
            if (failure) failure += ` with ${excerpt(batch)}`;
            return !failure;
          }),
          { seed, numRuns: 2, endOnFailure: true },
        );
        if (failure) failures.push(`${name} batch (FUZZ_SEED=${SEED}, case seed ${seed}): ${failure}`);
      }
      expect(failures).toEqual([]);
    },
    WALK_MS,
  );
});

// A local stand-in for the Wonde API v1.0 for one school: students, employees, classes,
// students-leaver and deletions, paged with meta.pagination.next, filtered by updated_after,
// and the session attendance write-back. Tests move its clock to make changes after a cursor.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeWondePerson {
  id: string;
  type: 'student' | 'employee';
  mis_id: string;
  upi?: string;
  forename: string;
  surname: string;
  email: string | null;
  phone: string | null;
  classIds: string[];
  updatedAt: Date;
}

export interface WondeFakeOptions {
  students?: number;
  employees?: number;
  schoolId?: string;
  token?: string;
  now?: () => Date;
}

const CLASSES = [
  { id: 'C100', name: '7A Maths' },
  { id: 'C200', name: '8B English' },
  { id: 'C300', name: 'Staff Room' },
];

const wondeDate = (d: Date) => ({
  date: `${d.toISOString().slice(0, 19).replace('T', ' ')}.000000`,
  timezone_type: 3,
  timezone: 'UTC',
});

export async function startWondeFake(options: WondeFakeOptions = {}) {
  const now = options.now ?? (() => new Date());
  const schoolId = options.schoolId ?? 'A1930499544';
  const token = { value: options.token ?? 'wonde-token' };
  const person = (i: number, type: FakeWondePerson['type']): FakeWondePerson => ({
    id: `${type === 'student' ? 'S' : 'E'}${1_000_000 + i}`,
    type,
    mis_id: String(i + 1),
    upi: type === 'student' ? `UPI${i}` : undefined,
    forename: `${type === 'student' ? 'Pupil' : 'Staff'}${i}`,
    surname: `Surname${i}`,
    email: `${type}${i}@school.example`,
    phone: `07700 ${String(900_000 + i)}`,
    classIds: [type === 'student' ? CLASSES[i % 2]!.id : 'C300'],
    updatedAt: now(),
  });
  const people: FakeWondePerson[] = [
    ...Array.from({ length: options.students ?? 0 }, (_, i) => person(i, 'student')),
    ...Array.from({ length: options.employees ?? 0 }, (_, i) => person(i, 'employee')),
  ];
  const leavers: FakeWondePerson[] = [];
  const deletions: { id: string; type: string; deletedAt: Date; restored_at: null }[] = [];
  const writeBacks: unknown[] = [];
  const requests: string[] = [];
  const failures: number[] = [];
  let malformed = 0;
  let hanging = 0;

  const send = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  const render = (p: FakeWondePerson, include: string[]) => ({
    id: p.id,
    mis_id: p.mis_id,
    ...(p.upi ? { upi: p.upi } : {}),
    forename: p.forename,
    surname: p.surname,
    legal_forename: p.forename,
    legal_surname: p.surname,
    created_at: wondeDate(p.updatedAt),
    updated_at: wondeDate(p.updatedAt),
    ...(include.includes('contact_details')
      ? {
          contact_details: {
            data: {
              emails: { email: p.email, primary: p.email, home: null, work: null },
              phones: { phone: p.phone, mobile: p.phone, primary: p.phone, home: null, work: null },
            },
          },
        }
      : {}),
    ...(include.includes('classes')
      ? { classes: { data: CLASSES.filter((c) => p.classIds.includes(c.id)).map((c) => ({ ...c, code: c.id })) } }
      : {}),
  });

  /** One page of `rows`, each rendered only when it is on the page (5,000 people stay quick). */
  function paged<T>(res: ServerResponse, url: URL, rows: T[], render: (row: T) => unknown = (row) => row) {
    const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 50), 200);
    const current = Number(url.searchParams.get('page') ?? 1);
    const more = current * perPage < rows.length;
    const next = new URL(url);
    next.searchParams.set('page', String(current + 1));
    send(res, 200, {
      data: rows.slice((current - 1) * perPage, current * perPage).map(render),
      meta: {
        pagination: {
          next: more ? next.toString() : null,
          previous: null,
          more,
          per_page: perPage,
          current_page: current,
        },
      },
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    if (hanging > 0) return void hanging--;
    const failure = failures.shift();
    if (failure) return send(res, failure, { error: 'injected failure' });
    if (req.headers.authorization !== `Bearer ${token.value}`) return send(res, 401, { error: 'Unauthenticated.' });
    if (malformed > 0) {
      malformed--;
      return res.writeHead(200, { 'content-type': 'application/json' }).end('{"data": [{"id": "S1", ');
    }
    const prefix = `/v1.0/schools/${schoolId}/`;
    if (!url.pathname.startsWith(prefix)) return send(res, 404, { error: 'School not found' });
    const resource = url.pathname.slice(prefix.length);
    const include = (url.searchParams.get('include') ?? '').split(',');
    const after = url.searchParams.get('updated_after');
    const since = after ? new Date(`${after.replace(' ', 'T')}Z`) : null;
    const changed = (d: Date) => !since || d > since;

    if (req.method === 'POST' && resource === 'attendance/session') {
      let raw = '';
      for await (const chunk of req) raw += String(chunk);
      const body = JSON.parse(raw) as { attendance?: Record<string, unknown>[] };
      const bad = (body.attendance ?? []).filter(
        (m) => !m.student_id || !m.date || !m.attendance_code_id || !['AM', 'PM'].includes(String(m.session)),
      );
      if (!body.attendance?.length || bad.length) return send(res, 422, { errors: { attendance: ['invalid marks'] } });
      writeBacks.push(body);
      return send(res, 200, { writeback_id: `W${writeBacks.length}` });
    }
    if (resource === 'students' || resource === 'employees') {
      const type = resource === 'students' ? 'student' : 'employee';
      const rows = people.filter((p) => p.type === type && changed(p.updatedAt));
      return paged(res, url, rows, (p) => render(p, include));
    }
    if (resource === 'students-leaver') {
      return paged(
        res,
        url,
        leavers.filter((p) => changed(p.updatedAt)),
        (p) => render(p, include),
      );
    }
    if (resource === 'deletions') {
      const rows = deletions
        .filter((d) => changed(d.deletedAt))
        .map((d) => ({ id: d.id, type: d.type, deleted_at: wondeDate(d.deletedAt), restored_at: d.restored_at }));
      return paged(res, url, rows);
    }
    if (resource === 'classes')
      return paged(
        res,
        url,
        CLASSES.map((c) => ({ ...c, code: c.id, description: c.name })),
      );
    send(res, 404, { error: 'Not found' });
  }

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const take = (id: string) => {
    const at = people.findIndex((p) => p.id === id);
    if (at < 0) throw new Error(`no ${id} in the fake`);
    return people.splice(at, 1)[0]!;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    schoolId,
    people,
    writeBacks,
    requests,
    add(p: Omit<FakeWondePerson, 'updatedAt'>) {
      people.push({ ...p, updatedAt: now() });
    },
    update(id: string, patch: Partial<Omit<FakeWondePerson, 'id' | 'type'>>) {
      const p = people.find((x) => x.id === id);
      if (!p) throw new Error(`no ${id} in the fake`);
      Object.assign(p, patch, { updatedAt: now() });
    },
    /** The MIS deleted the record: it shows up under deletions. */
    remove(id: string) {
      const p = take(id);
      deletions.push({ id: p.id, type: p.type, deletedAt: now(), restored_at: null });
    },
    /** The pupil left the school: it moves to students-leaver. */
    leave(id: string) {
      leavers.push({ ...take(id), updatedAt: now() });
    },
    failNext(status: number, count = 1) {
      for (let i = 0; i < count; i++) failures.push(status);
    },
    malformNext(count = 1) {
      malformed += count;
    },
    hangNext(count = 1) {
      hanging += count;
    },
    /** Wonde tokens do not refresh: after this every call answers 401. */
    expireTokens() {
      token.value = `revoked-${token.value}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type WondeFake = Awaited<ReturnType<typeof startWondeFake>>;

// Wonde (UK school MIS data): students then employees, each paged by following
// `meta.pagination.next`; classes are the groups. Changes use `updated_after` plus the
// students-leaver and deletions endpoints for removals; write-back posts session attendance
// (AM/PM register marks with the school's attendance code id) to `attendance/session`.
import * as v from 'valibot';
import {
  DirectoryError,
  directoryFetch,
  directoryJson,
  type DirectoryChanges,
  type DirectoryClient,
  type DirectoryClientOptions,
  type DirectoryCredentials,
  type DirectoryGroup,
  type DirectoryPage,
  type DirectoryPerson,
  type WriteBackRecord,
} from './directory-client';

const WONDE_API = 'https://api.wonde.com';
/** Wonde pages hold at most 200 rows. */
const PAGE_SIZE = 200;
/** Register marks per POST, so one refused mark does not hold a whole day's register hostage. */
const WRITE_BATCH = 100;
/** The next change read starts a minute before this one did: a record saved in the same second
 *  as the read is read twice rather than missed (upserts are idempotent). */
const OVERLAP_MS = 60_000;

const wondePage = v.object({
  data: v.array(v.unknown()),
  meta: v.nullish(v.object({ pagination: v.nullish(v.object({ next: v.nullish(v.string()) })) })),
});
const wondeDate = v.nullish(v.object({ date: v.nullish(v.string()) }));
const wondePerson = v.object({
  id: v.pipe(v.string(), v.minLength(1)),
  mis_id: v.nullish(v.union([v.string(), v.number()])),
  upi: v.nullish(v.string()),
  title: v.nullish(v.string()),
  forename: v.nullish(v.string()),
  surname: v.nullish(v.string()),
  legal_forename: v.nullish(v.string()),
  legal_surname: v.nullish(v.string()),
  date_of_birth: wondeDate,
  leaving_date: wondeDate,
  contact_details: v.nullish(
    v.object({
      data: v.nullish(
        v.object({
          emails: v.nullish(v.object({ email: v.nullish(v.string()), primary: v.nullish(v.string()) })),
          phones: v.nullish(
            v.object({ phone: v.nullish(v.string()), mobile: v.nullish(v.string()), primary: v.nullish(v.string()) }),
          ),
        }),
      ),
    }),
  ),
  classes: v.nullish(v.object({ data: v.array(v.object({ id: v.string() })) })),
});
const wondeClass = v.object({ id: v.pipe(v.string(), v.minLength(1)), name: v.nullish(v.string()) });
const wondeDeletion = v.object({
  id: v.pipe(v.string(), v.minLength(1)),
  type: v.nullish(v.string()),
  restored_at: v.nullish(v.unknown()),
});

type Stream = 'students' | 'employees' | 'students-leaver' | 'deletions';
/** Where a read is: which stream, the URL Wonde gave for its next page (null: first page),
 *  and for change reads the cursor asked for and the time this round started. */
interface Position {
  stream: Stream;
  url: string | null;
  since?: string | null;
  started?: string;
}

const encode = (p: Position) => Buffer.from(JSON.stringify(p)).toString('base64url');
function decode(token: string): Position {
  try {
    return JSON.parse(Buffer.from(token, 'base64url').toString()) as Position;
  } catch {
    throw new DirectoryError('malformed', 'Wonde: unreadable page token');
  }
}

/** Wonde compares `updated_after` with its own UTC timestamps, written "YYYY-MM-DD HH:MM:SS". */
const wondeTime = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

function toPerson(raw: unknown, type: 'student' | 'employee', index: number): DirectoryPerson {
  const parsed = v.safeParse(wondePerson, raw);
  if (!parsed.success) throw new DirectoryError('malformed', `Wonde ${type}s: row ${index + 1} has no id`);
  const p = parsed.output;
  const contact = p.contact_details?.data;
  return {
    externalId: p.id,
    firstName: p.forename ?? p.legal_forename ?? '',
    lastName: p.surname ?? p.legal_surname ?? '',
    email: contact?.emails?.email ?? contact?.emails?.primary ?? null,
    phone: contact?.phones?.primary ?? contact?.phones?.mobile ?? contact?.phones?.phone ?? null,
    groupIds: (p.classes?.data ?? []).map((c) => c.id),
    active: true,
    fields: {
      type,
      mis_id: p.mis_id == null ? null : String(p.mis_id),
      upi: p.upi ?? null,
      title: p.title ?? null,
      legal_forename: p.legal_forename ?? null,
      legal_surname: p.legal_surname ?? null,
      date_of_birth: p.date_of_birth?.date?.slice(0, 10) ?? null,
    },
  };
}

export function wondeClient(
  credentials: Extract<DirectoryCredentials, { kind: 'wonde' }>,
  options: DirectoryClientOptions,
  now: () => Date = () => new Date(),
): DirectoryClient {
  const api = (options.baseUrl ?? WONDE_API).replace(/\/$/, '');
  const school = `${api}/v1.0/schools/${encodeURIComponent(credentials.schoolId)}`;
  const headers = { authorization: `Bearer ${credentials.token}`, accept: 'application/json' };

  function firstUrl(stream: Stream | 'classes', since: string | null | undefined): string {
    const params = new URLSearchParams({ per_page: String(PAGE_SIZE) });
    if (stream === 'students' || stream === 'employees') params.set('include', 'contact_details,classes');
    if (since) params.set('updated_after', since);
    return `${school}/${stream}?${params}`;
  }

  /** One page of a stream; `next` is Wonde's own URL, kept only if it points back at Wonde. */
  async function page(url: string, what: string): Promise<{ rows: unknown[]; next: string | null }> {
    // A page token is a URL: never send the school's token anywhere but this school's API.
    if (!url.startsWith(`${school}/`)) throw new DirectoryError('malformed', `${what}: page token is elsewhere`);
    const parsed = v.safeParse(
      wondePage,
      await directoryJson(await directoryFetch(url, { headers }, options.timeoutMs), what),
    );
    if (!parsed.success) throw new DirectoryError('malformed', `${what}: the page has no data list`);
    const next = parsed.output.meta?.pagination?.next ?? null;
    if (next && !next.startsWith(`${school}/`))
      throw new DirectoryError('malformed', `${what}: next page is elsewhere`);
    return { rows: parsed.output.data, next };
  }

  const personType = (stream: Stream) => (stream === 'employees' ? 'employee' : 'student');

  return {
    kind: 'wonde',
    async listPeople(pageToken): Promise<DirectoryPage<DirectoryPerson>> {
      const at: Position = pageToken ? decode(pageToken) : { stream: 'students', url: null };
      const { rows, next } = await page(at.url ?? firstUrl(at.stream, null), `Wonde ${at.stream}`);
      const items = rows.map((row, i) => toPerson(row, personType(at.stream), i));
      if (next) return { items, next: encode({ stream: at.stream, url: next }) };
      return { items, next: at.stream === 'students' ? encode({ stream: 'employees', url: null }) : null };
    },

    async listGroups(pageToken): Promise<DirectoryPage<DirectoryGroup>> {
      const { rows, next } = await page(pageToken ?? firstUrl('classes', null), 'Wonde classes');
      const items = rows.map((row, i) => {
        const c = v.safeParse(wondeClass, row);
        if (!c.success) throw new DirectoryError('malformed', `Wonde classes: row ${i + 1} has no id`);
        return { externalId: c.output.id, name: c.output.name ?? c.output.id };
      });
      return { items, next };
    },

    async changesSince(cursor, pageToken): Promise<DirectoryChanges> {
      const at: Position = pageToken
        ? decode(pageToken)
        : { stream: 'students', url: null, since: cursor, started: wondeTime(new Date(now().getTime() - OVERLAP_MS)) };
      const { rows, next } = await page(at.url ?? firstUrl(at.stream, at.since), `Wonde ${at.stream}`);
      const changes: DirectoryChanges = { upserts: [], removedIds: [], next: null, cursor: null };
      if (at.stream === 'students' || at.stream === 'employees') {
        changes.upserts = rows.map((row, i) => toPerson(row, personType(at.stream), i));
      } else if (at.stream === 'students-leaver') {
        changes.removedIds = rows.map((row, i) => toPerson(row, 'student', i).externalId);
      } else {
        changes.removedIds = rows.flatMap((row, i) => {
          const d = v.safeParse(wondeDeletion, row);
          if (!d.success) throw new DirectoryError('malformed', `Wonde deletions: row ${i + 1} has no id`);
          const person = d.output.type === 'student' || d.output.type === 'employee';
          return person && d.output.restored_at == null ? [d.output.id] : [];
        });
      }
      if (next) return { ...changes, next: encode({ ...at, url: next }) };
      // A first read (no cursor) lists everyone there is; removals only matter since a cursor.
      const order: Stream[] = at.since
        ? ['students', 'employees', 'students-leaver', 'deletions']
        : ['students', 'employees'];
      const following = order[order.indexOf(at.stream) + 1];
      if (following) return { ...changes, next: encode({ ...at, stream: following, url: null }) };
      return { ...changes, cursor: at.started ?? wondeTime(new Date(now().getTime() - OVERLAP_MS)) };
    },

    async writeBack(records: WriteBackRecord[]): Promise<void> {
      // A record without a session marks the whole day: both registers.
      const marks = records.flatMap((r) =>
        (r.session ? [r.session] : (['AM', 'PM'] as const)).map((session) => ({
          date: r.date,
          session,
          student_id: r.externalId,
          attendance_code_id: r.code,
          ...(r.comment ? { comment: r.comment } : {}),
        })),
      );
      for (let i = 0; i < marks.length; i += WRITE_BATCH) {
        const response = await directoryFetch(
          `${school}/attendance/session`,
          {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({ attendance: marks.slice(i, i + WRITE_BATCH) }),
          },
          options.timeoutMs,
        );
        if (response.status === 422 || response.status === 400) {
          throw new DirectoryError(
            'malformed',
            `Wonde refused the register: ${await response.text()}`,
            response.status,
          );
        }
        await directoryJson(response, 'Wonde attendance write-back');
      }
    },
  };
}

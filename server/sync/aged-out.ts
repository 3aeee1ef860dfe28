// A device whose cursor dates from before scopes (server/sync/scope-change.ts: the scope its rows
// were chosen under is unknown, ANY_SCOPE) may hold every presence row the company ever had. All
// of those older than its window leave it but each person's latest sign-in: sent row by row, that
// was about 97,000 deletes at the bench's company (4.6 s). One delete per person does the
// same (domain/sync-scope-change.ts agedOutPerPerson): their newest row that left, which the
// feature's scope finds by person with its feed row (ServerScopes.agedOut), without reading the
// rows it takes along.
// Pages go by person id, kept in the cursor in base 36.
import { scopeDelete, scopeOf, TABLE_NAMES, type TableName } from '../../sync/catalogue';
import type { Change } from '../../sync/protocol';
import type { Executor } from './changes';
import type { ServerScopes } from './scope';

const PRESENCE_TABLES = TABLE_NAMES.filter((t) => scopeOf(t)?.kind === 'presence');
/** The one presence table whose rows leave this way (visit events; another would need a table in the cursor). */
export const AGED_OUT_TABLE: TableName | undefined = PRESENCE_TABLES.length === 1 ? PRESENCE_TABLES[0] : undefined;

const HEX = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const B36_UUID = /^[0-9a-z]{1,25}$/;
const FIRST = '00000000-0000-0000-0000-000000000000';

/** A person's id in a cursor: 128 bits in base 36 (25 characters at most); '-' before the first. */
export function encodePerson(id: string): string {
  return HEX.test(id) ? BigInt(`0x${id.replace(/-/g, '')}`).toString(36) : '-';
}
export function decodePerson(text: string): string | null {
  if (text === '-') return FIRST;
  if (!B36_UUID.test(text)) return null;
  let n = 0n;
  for (const ch of text) n = n * 36n + BigInt(parseInt(ch, 36));
  if (n >= 1n << 128n) return null;
  const hex = n.toString(16).padStart(32, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Up to `limit` of those deletes, for the people after `afterPerson`; `last` is the cursor's next person. */
export async function agedOutPage(
  db: Executor,
  scopes: ServerScopes,
  entityId: string,
  receive: (c: Change) => Change | null,
  o: { historyFrom: number; afterPerson: string; limit: number },
): Promise<{ changes: Change[]; last: string; more: boolean }> {
  if (!AGED_OUT_TABLE || !scopes.agedOut) return { changes: [], last: o.afterPerson, more: false };
  const table = AGED_OUT_TABLE;
  const { picks, more } = await scopes.agedOut(db, entityId, table, o);
  if (picks.length === 0) return { changes: [], last: o.afterPerson, more };
  const changes = picks.flatMap((p) => {
    const c = receive({ table, id: p.id, op: 'put', version: p.version, data: p.data });
    return c ? [scopeDelete(c)] : [];
  });
  return { changes, last: picks[picks.length - 1]!.personId, more };
}

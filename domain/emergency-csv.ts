// CSV for the emergency exports (on-site list, session roll call), made the same way on the
// device (offline) and by the server. Cells that a spreadsheet would run as a formula are
// prefixed with an apostrophe.
export type Cell = string | number | null | undefined;

export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (/^[=+\-@\t\r]/.test(s) && typeof value === 'string') s = `'${s}`;
  return /[",\n\r]/.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s;
}

/** RFC 4180 lines with CRLF, and a byte-order mark so spreadsheet apps read UTF-8 (Arabic names). */
export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return '\uFEFF' + [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** An ISO-8601 UTC time for exports (time zones differ between devices and the server). */
export const isoTime = (at: number | null | undefined): string =>
  at === null || at === undefined ? '' : new Date(at).toISOString();

export interface RollCallCsvInput {
  entries: readonly {
    personId: string;
    siteId: string | null;
    areaId: string | null;
    since: number | null;
    status: string;
    latest: { markedBy: string | null; at: number } | null;
    conflict: readonly unknown[];
  }[];
  /** A person's (or warden's) name. */
  nameOf: (id: string) => string;
  phoneOf?: (id: string) => string | null | undefined;
  siteName: (id: string) => string | undefined;
  areaName: (id: string) => string | undefined;
  /** Translates 'emergency.csv.<column>', 'emergency.status.<status>' and 'emergency.csv.yes'. */
  label: (key: string) => string;
}

/** A session's roll call as CSV: the server's export and the device's offline export are this one function. */
export function rollCallCsv({ entries, nameOf, phoneOf, siteName, areaName, label }: RollCallCsvInput): string {
  const columns = ['name', 'phone', 'site', 'area', 'signedInAt', 'status', 'markedBy', 'markedAt', 'conflict'];
  const rows = entries.map((e) => [
    nameOf(e.personId),
    phoneOf?.(e.personId) ?? '',
    e.siteId ? siteName(e.siteId) : '',
    e.areaId ? areaName(e.areaId) : '',
    isoTime(e.since),
    label(`emergency.status.${e.status}`),
    e.latest?.markedBy ? nameOf(e.latest.markedBy) : '',
    isoTime(e.latest?.at),
    e.conflict.length ? label('emergency.csv.yes') : '',
  ]);
  return toCsv(
    columns.map((c) => label(`emergency.csv.${c}`)),
    rows,
  );
}

/** File name for a session export: its name (letters and digits kept, in any script) and start date. */
export const sessionCsvName = (name: string, startedAt: number): string =>
  `emergency-${name.replace(/[^\p{L}\p{N}_-]+/gu, '-')}-${isoTime(startedAt).slice(0, 10)}.csv`;

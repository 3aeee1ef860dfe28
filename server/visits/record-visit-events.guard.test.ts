// A sign-in or sign-out written anywhere but recordVisitEvents would skip a step another writer
// remembered (the attendance judgement, the feed, the pairing): the logbook, the devices and the
// reports would disagree about it. This reads the server's production code for such inserts.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = join(import.meta.dirname, '..');
const OWNER = join('visits', 'record-visit-events.ts');

/** Inserts into visit_events: drizzle's builder, the bulk jsonb insert, and raw SQL. */
const INSERTS = [
  /\.insert\(\s*(?:schema\.)?visitEvents\s*\)/,
  /insertJsonRows\(\s*(?:schema\.)?visitEvents\b/,
  /insert\s+into\s+"?visit_events"?/i,
  /insert\s+into\s+\$\{\s*(?:schema\.)?visitEvents\s*\}/i,
];

function productionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return d.name === 'test' && dir === SERVER ? [] : productionFiles(path);
    return /\.ts$/.test(d.name) && !/\.test\.ts$/.test(d.name) ? [path] : [];
  });
}

const writers = () =>
  productionFiles(SERVER)
    .filter((path) => INSERTS.some((re) => re.test(readFileSync(path, 'utf8'))))
    .map((path) => relative(SERVER, path).split(sep).join('/'));

describe('the visit write path', () => {
  it('inserts visit events in one place only, server/visits/record-visit-events.ts', () => {
    expect(writers()).toEqual([OWNER.split(sep).join('/')]);
  });

  it('would notice a writer outside it', () => {
    const offender = 'await tx.insert(visitEvents).values(row)\nawait db.execute(sql`INSERT INTO visit_events (id)`)';
    expect(INSERTS.filter((re) => re.test(offender))).toHaveLength(2);
  });
});

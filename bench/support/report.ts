// Printing benchmark figures: one table per section, each target with PASS or MISS beside it.
// Benchmarks measure and report; they never fail the run on a missed target.
export interface Figure {
  label: string;
  value: string;
  /** The target as written, e.g. "≤ 15 s". */
  target?: string;
  /** Whether the measured value meets the target; undefined for figures without one. */
  met?: boolean;
  note?: string;
}

export interface SectionResult {
  title: string;
  figures: Figure[];
  notes?: string[];
}

export const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
export const count = (n: number): string => Math.round(n).toLocaleString('en-US');
export const perSecond = (n: number, ms: number): string => `${count((n * 1000) / ms)} /s`;
export const ratio = (x: number): string => `${x.toFixed(1)}×`;

export function printSection(section: SectionResult): void {
  const rows = section.figures.map((f) => [
    f.label,
    f.value,
    f.target ?? '',
    f.met === undefined ? '' : f.met ? 'PASS' : 'MISS',
    f.note ?? '',
  ]);
  const header = ['measure', 'value', 'target', '', 'note'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 1 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  console.log(`\n== ${section.title}`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
  for (const n of section.notes ?? []) console.log(`  * ${n}`);
}

/** Milliseconds taken by fn, with its result. */
export async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const start = performance.now();
  const result = await fn();
  return { ms: performance.now() - start, result };
}

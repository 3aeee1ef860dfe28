// Track & trace: who shared an area with a person, and for how long. Pure: the
// server reads the person's visits and the visits in the same areas around them, and this
// works out the overlaps. A contact's time is the union of its overlaps, so two visits of the
// subject that overlap each other (e.g. a repeated sign-in) never count the same minute twice.

export interface VisitSpan {
  personId: string;
  areaId: string | null;
  from: number;
  /** null: still signed in (counted up to `until`). */
  to: number | null;
}

export interface Contact {
  personId: string;
  /** Milliseconds spent in the same area at the same time. */
  overlapMs: number;
  /** The first and last instants they shared an area. */
  firstAt: number;
  lastAt: number;
  /** Areas they shared, in the order first met. */
  areaIds: string[];
  /** How many pairs of visits overlapped. */
  encounters: number;
}

type Span = [number, number];

/** The overlap of two visits within the window [lo, hi), or null when they did not meet. */
export function overlapOf(a: VisitSpan, b: VisitSpan, lo: number, hi: number): Span | null {
  if (a.areaId == null || a.areaId !== b.areaId) return null;
  const start = Math.max(a.from, b.from, lo);
  const end = Math.min(a.to ?? hi, b.to ?? hi, hi);
  return end > start ? [start, end] : null;
}

/** Total length of a set of spans, overlapping parts counted once. */
export function unionLength(spans: Span[]): number {
  const sorted = [...spans].sort((x, y) => x[0] - y[0]);
  let total = 0;
  let cur: Span | null = null;
  for (const s of sorted) {
    if (cur && s[0] <= cur[1]) cur[1] = Math.max(cur[1], s[1]);
    else {
      if (cur) total += cur[1] - cur[0];
      cur = [s[0], s[1]];
    }
  }
  return cur ? total + cur[1] - cur[0] : total;
}

/** Everyone who overlapped the subject's visits within [lo, hi), longest time first (ties by
 * first meeting, then id). Open visits count up to hi (the caller passes min(now, range end)). */
export function contactsOf(subject: VisitSpan[], others: VisitSpan[], lo: number, hi: number): Contact[] {
  const byPerson = new Map<string, { spans: Span[]; areas: Array<[number, string]>; encounters: number }>();
  const mine = subject.filter((s) => s.areaId != null);
  const subjectIds = new Set(subject.map((s) => s.personId));
  for (const o of others) {
    if (subjectIds.has(o.personId)) continue;
    for (const s of mine) {
      const span = overlapOf(s, o, lo, hi);
      if (!span) continue;
      const c = byPerson.get(o.personId) ?? { spans: [], areas: [], encounters: 0 };
      c.spans.push(span);
      c.areas.push([span[0], o.areaId!]);
      c.encounters += 1;
      byPerson.set(o.personId, c);
    }
  }
  const result: Contact[] = [];
  for (const [personId, c] of byPerson) {
    const areaIds = [...new Set(c.areas.sort((x, y) => x[0] - y[0]).map(([, a]) => a))];
    result.push({
      personId,
      overlapMs: unionLength(c.spans),
      firstAt: Math.min(...c.spans.map((s) => s[0])),
      lastAt: Math.max(...c.spans.map((s) => s[1])),
      areaIds,
      encounters: c.encounters,
    });
  }
  return result.sort(
    (a, b) =>
      b.overlapMs - a.overlapMs ||
      a.firstAt - b.firstAt ||
      (a.personId < b.personId ? -1 : a.personId > b.personId ? 1 : 0),
  );
}

// Roll-call entries in people's name order. The order is ranked once per change of people; a
// mark then re-orders 5,000 entries by a counting sort (linear, no comparisons), the same
// result as a stable sort by rank.
export function byRank<T extends { personId: string }>(items: readonly T[], rank: ReadonlyMap<string, number>): T[] {
  let size = 1;
  for (const r of rank.values()) if (r + 1 > size) size = r + 1;
  const keys = new Uint32Array(items.length);
  const starts = new Uint32Array(size + 1);
  for (let i = 0; i < items.length; i++) {
    // An entry with no person row ranks as 0, as `rank.get(id) ?? 0` does in a comparator.
    const key = rank.get(items[i]!.personId) ?? 0;
    keys[i] = key;
    starts[key + 1]!++;
  }
  for (let k = 1; k <= size; k++) starts[k]! += starts[k - 1]!;
  const out = new Array<T>(items.length);
  for (let i = 0; i < items.length; i++) out[starts[keys[i]!]!++] = items[i]!;
  return out;
}

// Generated names for the watch-list benchmark. A real list of 10,000 people repeats given and
// family names a great deal; here both come from syllable pools (a few hundred of each, Latin and
// Arabic), and `unique` adds a per-entry suffix so that every token differs: the worst case.
import type { PersonDetails, WatchListEntryInput } from '../../domain/watch-list-match';

const LATIN = ['ka', 'mi', 'ro', 'sa', 'el', 'an', 'to', 'li', 'ne', 'da'];
const ARABIC = ['مح', 'فا', 'عب', 'حس', 'نو', 'رة', 'سل'];

function seeded(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

export function watchListCrowd(entries: number, signIns: number, unique: boolean) {
  const rnd = seeded(37);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const word = (pool: readonly string[], n: number) => Array.from({ length: n }, () => pick(pool)).join('');
  const token = () => (rnd() < 0.2 ? word(ARABIC, 2) : word(LATIN, 2 + Math.floor(rnd() * 2)));
  const name = (i: number) => `${token()} ${token()}${unique ? `x${i}` : ''}`;
  const list: WatchListEntryInput[] = Array.from({ length: entries }, (_, i) => ({
    id: `e${i}`,
    action: i % 3 ? 'deny' : 'escort',
    fullName: name(i),
    otherNames: i % 4 ? [] : [name(i + entries)],
    email: i % 2 ? `p${i}@example.test` : null,
    phone: i % 2 ? null : `+4477009${String(i).padStart(5, '0')}`,
  }));
  // One sign-in in twenty is a listed person with a letter changed; the rest are strangers whose
  // names come from other letters (Peter Brown is not on the list).
  const people: PersonDetails[] = Array.from({ length: signIns }, (_, i) =>
    i % 20 === 0
      ? { fullName: list[i]!.fullName.replace(/a/, 'e'), phone: list[i]!.phone }
      : { fullName: `Peter${i} Brown`, email: `visitor${i}@example.test`, phone: `+1555${i}0000` },
  );
  return { entries: list, people };
}

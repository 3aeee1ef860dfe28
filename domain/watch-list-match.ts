// Watch-list matching: one pure rule that the kiosk runs offline and the server runs
// again when the push arrives, so a tampered kiosk cannot wave a listed person through.
// Entries are prepared once (normalised names, keys) so that a sign-in against 10,000 entries
// costs a few milliseconds; the person's details are normalised per call.
import { phoneKey } from './duplicates';
import { jaroWinkler } from './jaro-winkler';
import { nameTokens } from './name-normalise';

export const WATCH_LIST_ACTIONS = ['deny', 'escort'] as const;
export type WatchListAction = (typeof WATCH_LIST_ACTIONS)[number];

/** Name similarity thresholds (a company setting later); a person decides every hold, so a
 * possible match errs towards holding. */
export interface MatchThresholds {
  match: number;
  possible: number;
}
export const DEFAULT_THRESHOLDS: MatchThresholds = { match: 0.9, possible: 0.85 };

/** What matching needs of an entry; the reason and audit trail never come here. */
export interface WatchListEntryInput {
  id: string;
  action: WatchListAction;
  fullName: string;
  otherNames?: readonly string[];
  dateOfBirth?: string | null;
  email?: string | null;
  phone?: string | null;
}

export interface PersonDetails {
  fullName?: string | null;
  email?: string | null;
  phone?: string | null;
  dateOfBirth?: string | null;
}

export type MatchReason =
  | { kind: 'email' }
  | { kind: 'phone' }
  | { kind: 'name'; score: number; listedName: string }
  | { kind: 'date_of_birth' }
  | { kind: 'date_of_birth_differs' };

export type MatchOutcome = 'none' | 'possible' | 'match';

export interface WatchListHit {
  entryId: string;
  action: WatchListAction;
  outcome: Exclude<MatchOutcome, 'none'>;
  score: number;
  reasons: MatchReason[];
}

export interface WatchListResult {
  outcome: MatchOutcome;
  /** The best hit's score, 0 when nothing matched. */
  score: number;
  /** Best first, at most MAX_HITS. */
  hits: WatchListHit[];
}

const MAX_HITS = 5;
/** An initial ("J.") against a name starting with that letter: compatible, never certain. */
const INITIAL_SCORE = 0.85;
/** Each name part one side has and the other lacks (a middle name) costs this much. */
const EXTRA_TOKEN_PENALTY = 0.03;
/** A one-word name against a longer one ("John" vs "John Smith") is never more than this. */
const SINGLE_TOKEN_CAP = 0.8;

interface PreparedName {
  raw: string;
  tokens: string[];
  joined: string;
}
export interface PreparedEntry {
  entry: WatchListEntryInput;
  names: PreparedName[];
  email: string | null;
  phone: { e164: string | null; key: string | null } | null;
  dateOfBirth: string | null;
}

function prepareName(raw: string): PreparedName | null {
  const tokens = nameTokens(raw).sort();
  return tokens.length ? { raw, tokens, joined: tokens.join('') } : null;
}

export function normaliseEmail(email: string | null | undefined): string | null {
  const e = (email ?? '').trim().toLowerCase();
  return e.includes('@') ? e : null;
}

/** E.164 (+ and 8 to 15 digits) after dropping spaces, dots, dashes and brackets; 00 reads as +. */
export function toE164(phone: string | null | undefined): string | null {
  let p = (phone ?? '').trim().replace(/[\s.\-()]/g, '');
  if (p.startsWith('00')) p = `+${p.slice(2)}`;
  return /^\+[1-9]\d{7,14}$/.test(p) ? p : null;
}

function preparePhone(phone: string | null | undefined): PreparedEntry['phone'] {
  const key = phoneKey(phone);
  return key ? { e164: toE164(phone), key } : null;
}

/** Two phones are one when both are E.164 and equal; a number typed without its country code
 * falls back to its last digits (the duplicates rule), since its country cannot be guessed. */
function samePhone(a: PreparedEntry['phone'], b: PreparedEntry['phone']): boolean {
  if (!a || !b) return false;
  if (a.e164 && b.e164) return a.e164 === b.e164;
  return a.key === b.key;
}

export function prepareEntry(entry: WatchListEntryInput): PreparedEntry {
  const names = [entry.fullName, ...(entry.otherNames ?? [])]
    .map(prepareName)
    .filter((n): n is PreparedName => n !== null);
  return {
    entry,
    names,
    email: normaliseEmail(entry.email),
    phone: preparePhone(entry.phone),
    dateOfBirth: entry.dateOfBirth?.trim() || null,
  };
}

/** The list as matching reads it: entries plus every distinct name token once, so a sign-in
 * scores each distinct token once however many entries share it (names repeat a lot). */
export interface PreparedWatchList {
  entries: PreparedEntry[];
  vocabulary: string[];
  /** Per entry, per name, the vocabulary index of each token. */
  tokenIds: Int32Array[][];
}

export function prepareWatchList(entries: readonly WatchListEntryInput[]): PreparedWatchList {
  const index = new Map<string, number>();
  const vocabulary: string[] = [];
  const prepared = entries.map(prepareEntry);
  const tokenIds = prepared.map((e) =>
    e.names.map((n) =>
      Int32Array.from(n.tokens, (t) => {
        let id = index.get(t);
        if (id === undefined) index.set(t, (id = vocabulary.push(t) - 1));
        return id;
      }),
    ),
  );
  return { entries: prepared, vocabulary, tokenIds };
}

function tokenScore(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length === 1 || b.length === 1) return a[0] === b[0] ? INITIAL_SCORE : 0;
  return jaroWinkler(a, b);
}

// Scratch matrix for token pair scores; names rarely have more than a handful of tokens.
let grid = new Float64Array(64);

/** Similarity of two names, 0..1, independent of token order: tokens are paired greedily, best
 * pair first, over canonically sorted tokens (so ties resolve the same whatever the input order). */
export function nameSimilarity(a: PreparedName, b: PreparedName): number {
  const [na, nb] = [a.tokens.length, b.tokens.length];
  if (na * nb > grid.length) grid = new Float64Array(na * nb * 2);
  for (let i = 0; i < na; i++) for (let j = 0; j < nb; j++) grid[i * nb + j] = tokenScore(a.tokens[i]!, b.tokens[j]!);
  return alignedScore(a, b);
}

/** The aligned score of a and b from their pair scores already in `grid` (row i, column j). */
function alignedScore(a: PreparedName, b: PreparedName): number {
  const na = a.tokens.length;
  const nb = b.tokens.length;
  const cells = na * nb;
  let sum = 0;
  // Take the best remaining pair (first in row order on ties) and strike out its row and column.
  for (let round = Math.min(na, nb); round > 0; round--) {
    let best = -1;
    let at = 0;
    for (let k = 0; k < cells; k++)
      if (grid[k]! > best) {
        best = grid[k]!;
        at = k;
      }
    sum += best;
    const bi = Math.floor(at / nb);
    const bj = at % nb;
    for (let j = 0; j < nb; j++) grid[bi * nb + j] = -2;
    for (let i = 0; i < na; i++) grid[i * nb + bj] = -2;
  }
  const short = Math.min(na, nb);
  const long = Math.max(na, nb);
  let score = (sum / short) * (1 - EXTRA_TOKEN_PENALTY * (long - short));
  // "Abdul Rahman" and "Abdulrahman": the same letters split differently.
  if (long !== short && a.joined.length > 3) score = Math.max(score, jaroWinkler(a.joined, b.joined));
  if (short === 1 && long > 1) score = Math.min(score, SINGLE_TOKEN_CAP);
  return score;
}

export interface PreparedPerson {
  name: PreparedName | null;
  email: string | null;
  phone: PreparedEntry['phone'];
  dateOfBirth: string | null;
}

export function preparePerson(person: PersonDetails): PreparedPerson {
  return {
    name: person.fullName ? prepareName(person.fullName) : null,
    email: normaliseEmail(person.email),
    phone: preparePhone(person.phone),
    dateOfBirth: person.dateOfBirth?.trim() || null,
  };
}

/** The hit for an entry something points at: its outcome, score and reasons. */
function hitFor(p: PreparedPerson, e: PreparedEntry, t: MatchThresholds, best: number, listed: string): WatchListHit {
  const reasons: MatchReason[] = [];
  const email = p.email !== null && p.email === e.email;
  const phone = samePhone(p.phone, e.phone);
  const identifier = email || phone;
  if (email) reasons.push({ kind: 'email' });
  if (phone) reasons.push({ kind: 'phone' });
  const nameAbove = best >= t.possible;
  if (nameAbove) reasons.push({ kind: 'name', score: best, listedName: listed });
  const dobKnown = p.dateOfBirth !== null && e.dateOfBirth !== null;
  const dobSame = dobKnown && p.dateOfBirth === e.dateOfBirth;
  if (dobKnown) reasons.push({ kind: dobSame ? 'date_of_birth' : 'date_of_birth_differs' });
  // An e-mail or phone with a similar-enough name is the person; either alone is only possible
  // (a shared or mistyped number), as is a name whose date of birth differs.
  let outcome: WatchListHit['outcome'] = (identifier && nameAbove) || best >= t.match ? 'match' : 'possible';
  if (nameAbove && !identifier && dobSame) outcome = 'match';
  if (dobKnown && !dobSame && !identifier) outcome = 'possible';
  const score = identifier ? Math.max(best, nameAbove ? 1 : t.possible) : best;
  return { entryId: e.entry.id, action: e.entry.action, outcome, score, reasons };
}

const rank = (o: MatchOutcome): number => (o === 'match' ? 2 : o === 'possible' ? 1 : 0);
export const outcomeRank = rank;

/** A person's entered details against the prepared list: the strongest outcome and its reasons. */
export function matchWatchList(
  person: PersonDetails,
  list: PreparedWatchList,
  thresholds: MatchThresholds = DEFAULT_THRESHOLDS,
): WatchListResult {
  const p = preparePerson(person);
  if (!p.name && !p.email && !p.phone) return { outcome: 'none', score: 0, hits: [] };
  // The person's tokens against every distinct listed token, once; entries then only look up.
  const V = list.vocabulary.length;
  const own = p.name?.tokens ?? [];
  const na = own.length;
  const scores = new Float64Array(na * V);
  for (let i = 0; i < na; i++) for (let v = 0; v < V; v++) scores[i * V + v] = tokenScore(own[i]!, list.vocabulary[v]!);
  const bestOf = new Float64Array(V);
  for (let i = 0; i < na; i++) for (let v = 0; v < V; v++) bestOf[v] = Math.max(bestOf[v]!, scores[i * V + v]!);
  const hits: WatchListHit[] = [];
  for (let x = 0; x < list.entries.length; x++) {
    const e = list.entries[x]!;
    let best = 0;
    let listed = '';
    if (p.name)
      for (let k = 0; k < e.names.length; k++) {
        const ids = list.tokenIds[x]![k]!;
        const nb = ids.length;
        // Equal token counts: each pair scores at most its listed token's best, so a name whose
        // tokens' bests average below the threshold cannot reach it (most of the list).
        if (nb === na) {
          let bound = 0;
          for (let j = 0; j < nb; j++) bound += bestOf[ids[j]!]!;
          if (bound / na < thresholds.possible && bound / na <= best) continue;
        }
        if (na * nb > grid.length) grid = new Float64Array(na * nb * 2);
        for (let i = 0; i < na; i++) for (let j = 0; j < nb; j++) grid[i * nb + j] = scores[i * V + ids[j]!]!;
        const s = alignedScore(p.name, e.names[k]!);
        if (s > best) [best, listed] = [s, e.names[k]!.raw];
      }
    const identifier = (p.email !== null && p.email === e.email) || samePhone(p.phone, e.phone);
    if (identifier || best >= thresholds.possible) hits.push(hitFor(p, e, thresholds, best, listed));
  }
  hits.sort((a, b) => rank(b.outcome) - rank(a.outcome) || b.score - a.score);
  const top = hits.slice(0, MAX_HITS);
  return { outcome: top[0]?.outcome ?? 'none', score: top[0]?.score ?? 0, hits: top };
}

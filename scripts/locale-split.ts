// Build-time split of the locale files: locales/<lang>.json keep their shape
// (engineers merge strings into them with scripts/locale-merge.mjs); the build serves them as
// virtual modules `virtual:locale/<lang>-<part>`:
//   - `all`: the whole file, loaded by the admin app;
//   - a light part (`kiosk`, `public`): only the keys named in the source reachable from that
//     entry's root file (a literal 'kiosk.title' takes that string, its plural forms or its
//     subtree; a dynamic `errors.${code}` takes the whole `errors` subtree), so the kiosk and
//     the public pages do not carry every admin string on their first load.
// The keys are found, not listed by hand: a string newly used on the kiosk joins the kiosk's
// part at the next build. src/i18n/init.ts still loads `all` if a light entry misses a key.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';

export const LIGHT_ENTRIES = { kiosk: 'src/app/kiosk-root.tsx', public: 'src/app/public-root.tsx' } as const;
export type LightPart = keyof typeof LIGHT_ENTRIES;

const VIRTUAL = 'virtual:locale/';
// Type-only imports are skipped: they bring no code (nor strings) into the bundle.
const IMPORT =
  /(?:import|export)\s(?!type\s)[^'"`;]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;
/** Every quoted string or template head: 'kiosk.title', `errors.${code}`, "routes.login". */
const QUOTED = /'([A-Za-z][\w]*)\.[^'\n]*'|"([A-Za-z][\w]*)\.[^"\n]*"|`([A-Za-z][\w]*)\.[^`]*`/g;
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

function resolveLocal(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(from), spec);
  return EXTENSIONS.map((e) => base + e).find((p) => /\.tsx?$/.test(p) && existsSync(p));
}

export interface EntryStrings {
  /** Top-level sections named by any key, literal or dynamic. */
  sections: Set<string>;
  /** Whole literal keys ("kiosk.title"): each must exist in the part. */
  keys: Set<string>;
  /** Every dotted path whose string or subtree the part takes (keys, and the fixed head of
   * dynamic keys: `errors.${code}` → "errors", 'kiosk.result.' + kind → "kiosk.result"). */
  prefixes: Set<string>;
}

const KEY = /^[A-Za-z]\w*(\.\w+)+$/;
/** A key whose only variable part chooses between two literals. */
const TERNARY = /^([A-Za-z][\w.]*\.)\$\{[^`{}]*?\?\s*'(\w+)'\s*:\s*'(\w+)'\s*\}$/;

/** The locale sections and keys named by string literals in every file reachable from `entry`
 * through relative imports, static or dynamic (lazy screens of that entry are included). */
export function scanEntry(entry: string, sections: ReadonlySet<string>): EntryStrings {
  const seen = new Set<string>();
  const found: EntryStrings = { sections: new Set(), keys: new Set(), prefixes: new Set() };
  const queue = [resolve(entry)];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(IMPORT)) {
      const next = resolveLocal(file, m[1] ?? m[2] ?? m[3] ?? '');
      if (next && !/\.test\.tsx?$/.test(next)) queue.push(next);
    }
    for (const m of source.matchAll(QUOTED)) {
      const section = m[1] ?? m[2] ?? m[3];
      if (!section || !sections.has(section)) continue;
      const literal = m[0].slice(1, -1);
      const dynamic = literal.indexOf('${');
      const choice = TERNARY.exec(literal);
      if (choice) {
        // `errors.${bad ? 'qr_invalid' : 'link_expired'}`: exactly two keys, not the section.
        for (const key of [choice[1]! + choice[2]!, choice[1]! + choice[3]!]) {
          found.keys.add(key);
          found.prefixes.add(key);
        }
      } else if (dynamic >= 0) {
        // The fixed head, up to its last whole segment: `kiosk.steps.${s}` → kiosk.steps.
        const head = literal.slice(0, dynamic);
        found.prefixes.add(head.includes('.') ? head.slice(0, head.lastIndexOf('.')) : head);
      } else if (KEY.test(literal)) {
        found.keys.add(literal);
        found.prefixes.add(literal);
      } else if (KEY.test(literal.replace(/\.$/, ''))) {
        found.prefixes.add(literal.replace(/\.$/, '')); // a head joined at run time: 'kiosk.result.' + kind
      } else continue;
      found.sections.add(section);
    }
  }
  return found;
}

type Dictionary = { [key: string]: string | Dictionary };

/** Copies into `out` the node at `path` of `dict` with its plural and context forms (key_one,
 * key_other); a head joined at run time ('kiosk.step_' + n) takes every key it starts. A path
 * that names nothing is a look-alike string (a mutation name such as 'kiosk.log'): skipped. */
function take(dict: Dictionary, out: Dictionary, path: string[]): void {
  let from: Dictionary = dict;
  let to: Dictionary = out;
  for (const segment of path.slice(0, -1)) {
    const next = from[segment];
    if (typeof next !== 'object') return;
    from = next;
    to = (typeof to[segment] === 'object' ? to[segment] : (to[segment] = {})) as Dictionary;
  }
  const last = path[path.length - 1]!;
  const head = last.endsWith('_') ? last : `${last}_`;
  for (const name of Object.keys(from)) if (name === last || name.startsWith(head)) to[name] = from[name]!;
}

/** The part of one language's dictionary that a light entry needs. */
export function localePart(root: string, lang: string, part: LightPart | 'all'): Dictionary {
  const dict = JSON.parse(readFileSync(resolve(root, 'locales', `${lang}.json`), 'utf8')) as Dictionary;
  if (part === 'all') return dict;
  // The keys come from English, the reference file, so every language's part has the same keys.
  const reference = JSON.parse(readFileSync(resolve(root, 'locales/en.json'), 'utf8')) as Dictionary;
  const { prefixes } = scanEntry(resolve(root, LIGHT_ENTRIES[part]), new Set(Object.keys(reference)));
  const out: Dictionary = {};
  // Shorter paths first, so a subtree taken whole is not cut back by a key inside it.
  for (const prefix of [...prefixes].sort((a, b) => a.length - b.length)) take(dict, out, prefix.split('.'));
  return out;
}

export function localeSplit(root = process.cwd()): Plugin {
  return {
    name: 'gatehouse-locale-split',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(VIRTUAL) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${VIRTUAL}`)) return undefined;
      const match = /^([a-z]{2})-(all|kiosk|public)$/.exec(id.slice(VIRTUAL.length + 1));
      if (!match) throw new Error(`unknown locale module ${id}`);
      const [, lang, part] = match as unknown as [string, string, LightPart | 'all'];
      this.addWatchFile(resolve(root, 'locales', `${lang}.json`));
      const dict = JSON.stringify(localePart(root, lang, part));
      // The whole file: JSON.parse of a string parses faster than the same object as JavaScript;
      // a light part is small, and as a plain object it is a little smaller on the wire.
      return part === 'all' ? `export default JSON.parse(${JSON.stringify(dict)});` : `export default ${dict};`;
    },
  };
}

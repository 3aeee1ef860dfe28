// Merges one top-level section into locales/{en,ar,es}.json under a lock, so several people
// can add strings at once without losing each other's. Usage:
//   node scripts/locale-merge.mjs <file.json>   where file.json is { "en": {section: {...}}, "ar": {...}, "es": {...} }
import { mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';

const LOCK = '/tmp/gatehouse-locales.lock.d';
const [file] = process.argv.slice(2);
if (!file) throw new Error('usage: node scripts/locale-merge.mjs <file.json>');
const parts = JSON.parse(readFileSync(file, 'utf8'));
const langs = ['en', 'ar', 'es'];
for (const lang of langs) if (!parts[lang]) throw new Error(`${file} has no "${lang}" part`);

const deadline = Date.now() + 30_000;
for (;;) {
  try {
    mkdirSync(LOCK);
    break;
  } catch {
    if (Date.now() > deadline) throw new Error('locale lock busy');
    await new Promise((r) => setTimeout(r, 50));
  }
}
try {
  const merge = (into, from) => {
    for (const [k, v] of Object.entries(from)) {
      if (v && typeof v === 'object' && !Array.isArray(v))
        into[k] = merge(into[k] && typeof into[k] === 'object' ? into[k] : {}, v);
      else into[k] = v;
    }
    return into;
  };
  for (const lang of langs) {
    const path = `locales/${lang}.json`;
    const current = JSON.parse(readFileSync(path, 'utf8'));
    writeFileSync(path, JSON.stringify(merge(current, parts[lang]), null, 2) + '\n');
  }
} finally {
  rmdirSync(LOCK);
}

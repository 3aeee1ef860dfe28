// Prints how many client features (src/features/*) have at least one unit test beside their code,
// and names the ones without.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', 'src', 'features');
const isTest = (name) => /\.test\.tsx?$/.test(name);

function hasTest(dir) {
  return readdirSync(dir, { withFileTypes: true }).some((e) =>
    e.isDirectory() ? hasTest(join(dir, e.name)) : isTest(e.name),
  );
}

const features = readdirSync(root, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();
const without = features.filter((f) => !hasTest(join(root, f)));
console.log(`Client features with unit tests: ${features.length - without.length} of ${features.length}`);
if (without.length > 0) console.log(`Without: ${without.join(', ')}`);

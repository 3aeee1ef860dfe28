// Screenshot sweeps: the same screens in every size and language, for a person to open and look
// at (`npm run screenshots`, which runs every end-to-end test with its pictures and writes them to
// tests/e2e/screenshots/). They are not part of `npm test`: what they would catch there is caught
// once for every route by the walks that are (no-sideways-scroll.test.ts at 360 px and
// accessibility.test.ts with axe, both in English and Arabic), and each journey runs once in
// `npm test` in the size and language its test names.
import { it } from 'vitest';
import { SCREENS } from './browser';

type Body = () => Promise<void>;

/** A sweep: registered only by `npm run screenshots`, named "screens: …". */
export function screens(name: string, body: Body, timeout?: number): void {
  if (SCREENS) it(`screens: ${name}`, body, timeout);
}

/** A sweep over cases, as it.each. */
screens.each =
  <T>(cases: readonly T[]) =>
  (name: string, body: (...args: T extends readonly unknown[] ? [...T] : [T]) => Promise<void>, timeout?: number) => {
    if (SCREENS) it.each(cases as T[])(`screens: ${name}`, body as never, timeout);
  };

/** The journey in `npm test` when `inTests`, else the same journey as a sweep (another language
 * or size of what `npm test` already walks). */
export const journeyOrSweep = (inTests: boolean) => (inTests ? it : screens);

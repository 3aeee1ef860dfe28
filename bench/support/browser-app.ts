// Shared set-up for the benchmarks that run the built PWA in Chromium: build dist/ (or
// $DIST_DIR) when it is missing, and sign people in through the real sync push.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import type { BenchTarget } from './target';

export function ensureBuild(): void {
  const dist = resolve(process.env.DIST_DIR || 'dist');
  if (existsSync(resolve(dist, 'index.html'))) return;
  console.log(`building the PWA (${dist} is missing)…`);
  if (
    spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', dist, '--emptyOutDir'], { stdio: 'inherit' })
      .status !== 0
  )
    throw new Error('vite build failed');
}

/** Pushes one sign-in per person (and a sign-out for those `signOut` picks) as an admin device. */
export async function pushVisits(
  target: BenchTarget,
  people: string[],
  areaId: string,
  options: { at: (i: number) => number; signOut?: (i: number) => boolean },
): Promise<void> {
  const { token } = await target.login('admin@acme.test');
  const deviceId = uuidv7();
  let seq = 0;
  const mutations = people
    .flatMap((personId, i) => {
      const at = options.at(i);
      const signIn = { name: 'visit.signIn', args: { eventId: uuidv7(), personId, areaId, at } };
      return options.signOut?.(i)
        ? [signIn, { name: 'visit.signOut', args: { eventId: uuidv7(), personId, areaId, at: at + 1 } }]
        : [signIn];
    })
    .map((m) => ({ ...m, seq: ++seq, mutationId: uuidv7(), clientTime: Date.now(), clockOffsetMs: 0 }));
  for (let i = 0; i < mutations.length; i += 1_000) {
    const res = await fetch(`${target.url}/api/sync/push`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ deviceId, mutations: mutations.slice(i, i + 1_000) }),
    });
    if (res.status !== 200) throw new Error(`push: ${res.status} ${await res.text()}`);
  }
}

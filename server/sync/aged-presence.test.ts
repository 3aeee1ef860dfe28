// Aged sign-outs leave devices and presence stays exact on every page: an admin
// tablet whose history window shrinks drops a completed visit, sign-out included, and keeps a
// sign-in from three weeks ago; when the window grows again, no page puts the old sign-in back
// without the sign-out that ends it.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { onSite } from '../../domain/presence';
import { eachDatabase } from '../test/databases';
import { testClock } from '../test/harness';
import { presenceFixture } from '../test/presence-fixture';

eachDatabase((get) => {
  const clock = testClock();
  const f = presenceFixture(get, clock);
  const { events, held, pull, setWindow } = f;

  beforeAll(() => f.open());
  afterAll(() => f.app.close());

  it('drops a completed visit with its sign-out when the window shrinks, and never shows it on site as it grows back', async () => {
    const [visitIn, visitOut] = await events([
      { person: 0, kind: 'in', daysAgo: 10 },
      { person: 0, kind: 'out', daysAgo: 9.9 },
    ]);
    const [stays] = await events([{ person: 1, kind: 'in', daysAgo: 21 }]);
    const device = f.device();
    const here = () => [...onSite(held(device)).keys()];
    const first = await pull(device, undefined, 1000);
    for (const id of [visitIn, visitOut, stays]) expect(device.table('visitEvents').has(id!)).toBe(true);

    await setWindow(3);
    const shorter = await pull(device, first.cursor, 1);
    // The sign-out leaves too; its delete carries the row, so the sign-in goes with it.
    expect(shorter.changes.find((c) => c.id === visitOut)).toMatchObject({ op: 'del', data: { kind: 'out' } });
    expect(held(device).map((e) => e.id)).toEqual([stays]);
    expect(here()).toEqual([f.people[1]]);

    await setWindow(30);
    // One row a page: whichever of the visit's rows comes first, the sign-out is on the device with it.
    const longer = await pull(device, shorter.cursor, 1, () => expect(here()).toEqual([f.people[1]]));
    expect(longer.changes.some((c) => c.op === 'put' && c.id === visitIn)).toBe(true);
    expect(
      held(device)
        .map((e) => e.id)
        .sort(),
    ).toEqual([visitIn, visitOut, stays].sort());
  });
});

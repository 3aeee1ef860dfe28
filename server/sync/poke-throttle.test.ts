// The feed's pokes: a burst of changes pokes a company's devices at once and once more
// when the interval ends, never once per change, and the last change is never left un-poked.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pokeThrottle } from './poke-throttle';

describe('poke throttle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('pokes at once after a quiet spell, then once for every change of the interval at its end', () => {
    const poked: string[] = [];
    const pokes = pokeThrottle((entityId) => poked.push(entityId), 500);
    pokes.changed('acme');
    expect(poked).toEqual(['acme']);
    for (let i = 0; i < 20; i++) pokes.changed('acme');
    expect(poked).toEqual(['acme']);
    vi.advanceTimersByTime(500);
    expect(poked).toEqual(['acme', 'acme']);
    // Nothing changed since: no third poke, and the next change after the quiet interval goes at once.
    vi.advanceTimersByTime(5_000);
    expect(poked).toEqual(['acme', 'acme']);
    pokes.changed('acme');
    expect(poked).toEqual(['acme', 'acme', 'acme']);
    pokes.close();
  });

  it('keeps pokes of a steady stream of changes one interval apart, the last change included', () => {
    const at: number[] = [];
    const pokes = pokeThrottle(() => at.push(Date.now()), 500);
    const start = Date.now();
    for (let t = 0; t < 3_000; t += 40) {
      pokes.changed('acme');
      vi.advanceTimersByTime(40);
    }
    vi.advanceTimersByTime(1_000);
    const gaps = at.slice(1).map((t, i) => t - at[i]!);
    expect(gaps.every((g) => g >= 500)).toBe(true);
    expect(at.length).toBeLessThanOrEqual(8);
    // The last change (at 2,960 ms) was poked by the end of its interval.
    expect(at.at(-1)! - start).toBeGreaterThanOrEqual(2_960);
    pokes.close();
  });

  it('throttles each company on its own', () => {
    const poked: string[] = [];
    const pokes = pokeThrottle((entityId) => poked.push(entityId), 500);
    pokes.changed('acme');
    pokes.changed('globex');
    pokes.changed('acme');
    expect(poked).toEqual(['acme', 'globex']);
    vi.advanceTimersByTime(500);
    expect(poked).toEqual(['acme', 'globex', 'acme']);
    pokes.close();
  });

  it('sends what is pending when the app closes, and nothing after', () => {
    const poked: string[] = [];
    const pokes = pokeThrottle((entityId) => poked.push(entityId), 500);
    pokes.changed('acme');
    pokes.changed('acme');
    pokes.close();
    expect(poked).toEqual(['acme', 'acme']);
    vi.advanceTimersByTime(5_000);
    expect(poked).toEqual(['acme', 'acme']);
  });

  it('a failing emit does not stop later pokes', () => {
    const poked: string[] = [];
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let fail = true;
    const pokes = pokeThrottle((entityId) => {
      if (fail) throw new Error('socket.io down');
      poked.push(entityId);
    }, 500);
    pokes.changed('acme');
    fail = false;
    pokes.changed('acme');
    vi.advanceTimersByTime(500);
    expect(poked).toEqual(['acme']);
    warn.mockRestore();
    pokes.close();
  });
});

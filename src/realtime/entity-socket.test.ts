import { describe, expect, it } from 'vitest';
import { openEntitySocket, type EntitySocket } from './entity-socket';

/** A socket double: records emits, lets the test fire events. */
function fakeSocket() {
  const handlers = new Map<string, (...args: unknown[]) => void>();
  const emitted: unknown[][] = [];
  let connects = 0;
  const socket = {
    on: (event: string, fn: (...args: unknown[]) => void) => void handlers.set(event, fn),
    emit: (...args: unknown[]) => void emitted.push(args),
    connect: () => void connects++,
    close: () => undefined,
  };
  return {
    socket: socket as unknown as EntitySocket,
    fire: (e: string, ...a: unknown[]) => handlers.get(e)?.(...a),
    emitted,
    connects: () => connects,
  };
}

describe('entity socket', () => {
  it('joins with the stored token on every connect and retries 3 s after the server drops it', () => {
    const fake = fakeSocket();
    let options: Record<string, unknown> = {};
    const timers: Array<[() => void, number]> = [];
    const joined: boolean[] = [];
    openEntitySocket({
      url: 'http://x',
      token: () => 'tok',
      connect: (_u, o) => {
        options = o;
        return fake.socket;
      },
      schedule: (fn, ms) => {
        timers.push([fn, ms]);
        return () => undefined;
      },
      onJoined: (j) => joined.push(j),
    });
    expect(options).toMatchObject({ reconnectionDelay: 3000, reconnectionDelayMax: 3000 });
    fake.fire('connect');
    expect(fake.emitted[0]!.slice(0, 2)).toEqual(['join', { token: 'tok' }]);
    (fake.emitted[0]![2] as (a: unknown) => void)({ ok: true, room: 'entity:e' });
    fake.fire('disconnect', 'io server disconnect');
    expect(timers.map(([, ms]) => ms)).toEqual([3000]);
    timers[0]![0]();
    expect(fake.connects()).toBe(1);
    expect(joined).toEqual([true, false]);
  });

  it('stops retrying once the server refused the token', () => {
    const fake = fakeSocket();
    const timers: number[] = [];
    openEntitySocket({
      url: 'http://x',
      token: () => 'old',
      connect: () => fake.socket,
      schedule: (_f, ms) => {
        timers.push(ms);
        return () => undefined;
      },
    });
    fake.fire('connect');
    (fake.emitted[0]![2] as (a: unknown) => void)({ ok: false, code: 'unauthenticated' });
    fake.fire('disconnect', 'io server disconnect');
    expect(timers).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  activity,
  cleanTimings,
  DEFAULT_TIMINGS,
  MAX_ALLOWANCE_MS,
  moreTime,
  secondsLeft,
  startIdle,
  tick,
  typing,
} from './idle-timer';

const timings = { idleMs: 40_000, warningMs: 20_000 };

describe('kiosk idle timer', () => {
  it('warns before it goes home, and the warning lasts the warning time', () => {
    let s = startIdle(timings);
    s = tick(s, 39_000);
    expect(s.phase).toBe('counting');
    s = tick(s, 1_000);
    expect(s.phase).toBe('warning');
    expect(secondsLeft(s)).toBe(20);
    s = tick(s, 19_000);
    expect(s.phase).toBe('warning');
    s = tick(s, 1_000);
    expect(s.phase).toBe('expired');
  });

  it('a touch restarts the countdown; during the warning only "I need more time" answers it', () => {
    expect(activity(tick(startIdle(timings), 30_000)).left).toBe(60_000);
    const warned = tick(startIdle(timings), 50_000);
    expect(activity(warned)).toEqual(warned);
    expect(typing(warned)).toEqual(warned);
  });

  it('"I need more time" doubles the time allowed, each time it is pressed, up to a cap', () => {
    let s = moreTime(tick(startIdle(timings), 45_000));
    expect(s.phase).toBe('counting');
    expect(s.left).toBe(120_000);
    s = activity(tick(s, 1_000));
    expect(s.left).toBe(120_000);
    for (let i = 0; i < 10; i++) s = moreTime(s);
    expect(s.left).toBe(MAX_ALLOWANCE_MS);
  });

  it('stands still while the visitor types, and runs on after the typing stops', () => {
    let s = typing(tick(startIdle(timings), 30_000));
    s = tick(s, 4_000);
    expect(s.left).toBe(60_000);
    s = tick(s, 3_000);
    expect(s.left).toBe(58_000);
  });

  it('once expired, nothing brings the journey back', () => {
    const s = tick(startIdle(timings), 60_000);
    expect(moreTime(s).phase).toBe('expired');
    expect(activity(s).phase).toBe('expired');
  });

  it('stored timings fall back to the defaults and never warn for under 20 s', () => {
    expect(cleanTimings(null)).toEqual(DEFAULT_TIMINGS);
    expect(DEFAULT_TIMINGS.warningMs).toBeGreaterThanOrEqual(20_000);
    expect(cleanTimings({ idleMs: 2_000, warningMs: 5_000 })).toEqual({ idleMs: 2_000, warningMs: 20_000 });
    expect(cleanTimings({ idleMs: 'soon', warningMs: -1 })).toEqual(DEFAULT_TIMINGS);
  });
});

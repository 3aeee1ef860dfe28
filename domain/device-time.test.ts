import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundDeviceTime, DEVICE_TIME_TOLERANCE_MS, type DeviceClockReading } from './device-time';

const DAY = 24 * 60 * 60_000;
const RECEIVED = Date.UTC(2026, 2, 10, 12);
const time = fc.integer({ min: Date.UTC(1999, 0, 1), max: Date.UTC(2030, 0, 1) });
const reading = fc.record({
  deviceTime: time,
  recordedAt: time,
  offsetMs: fc.integer({ min: -30 * DAY, max: 30 * DAY }),
  monotonicServerTime: fc.option(time, { nil: null }),
  trusted: fc.option(fc.boolean(), { nil: undefined }),
});
const bounds = fc.record({ receivedAt: time, previous: fc.option(time, { nil: null }) });

describe('boundDeviceTime', () => {
  it('is never after the receipt, nor before the device’s previous event', () => {
    fc.assert(
      fc.property(reading, bounds, (r, b) => {
        const { at } = boundDeviceTime(r, b);
        expect(at).toBeLessThanOrEqual(b.receivedAt);
        if (b.previous !== null) expect(at).toBeGreaterThanOrEqual(Math.min(b.previous, b.receivedAt));
      }),
    );
  });

  it('stores an untrusted time at its receipt', () => {
    fc.assert(
      fc.property(reading, bounds, (r, b) => {
        const t = boundDeviceTime(r, b);
        if (!t.trusted) expect(t.at).toBe(b.receivedAt);
        // A device without an anchor is believed only about the last few minutes before the receipt.
        if (r.trusted === false && t.trusted) expect(b.receivedAt - t.at).toBeLessThanOrEqual(DEVICE_TIME_TOLERANCE_MS);
      }),
    );
  });

  it('keeps a device’s events in order however its wall clock moves', () => {
    fc.assert(
      fc.property(fc.array(reading, { minLength: 1, maxLength: 20 }), time, (readings, start) => {
        let previous: number | null = null;
        let receivedAt = start;
        for (const r of readings) {
          receivedAt += 1_000;
          const { at } = boundDeviceTime(r, { receivedAt, previous });
          if (previous !== null) expect(at).toBeGreaterThanOrEqual(previous);
          previous = at;
        }
      }),
    );
  });

  it('believes a monotonic reading of this lifetime whatever the wall clock says', () => {
    fc.assert(
      fc.property(fc.integer({ min: -30 * DAY, max: 30 * DAY }), fc.integer({ min: 0, max: 3 * DAY }), (jump, ago) => {
        const truth = RECEIVED - ago;
        const r: DeviceClockReading = {
          deviceTime: truth + jump,
          recordedAt: truth + jump,
          offsetMs: 0,
          monotonicServerTime: truth,
          trusted: true,
        };
        expect(boundDeviceTime(r, { receivedAt: RECEIVED, previous: truth - 1 })).toEqual({ at: truth, trusted: true });
      }),
    );
  });

  it('flags a wall clock that jumped (+3 d, −5 d, year 2000) when no anchor of this lifetime is known', () => {
    const previous = RECEIVED - DAY;
    for (const wall of [RECEIVED + 3 * DAY, RECEIVED - 5 * DAY, Date.UTC(2000, 0, 1)]) {
      const r = { deviceTime: wall, recordedAt: wall, offsetMs: 0, monotonicServerTime: null };
      expect(boundDeviceTime(r, { receivedAt: RECEIVED, previous })).toEqual({ at: RECEIVED, trusted: false });
    }
  });

  it('clamps a small drift without flagging it', () => {
    const r = {
      deviceTime: RECEIVED + 1_000,
      recordedAt: RECEIVED + 1_000,
      offsetMs: 0,
      monotonicServerTime: null,
    };
    expect(boundDeviceTime(r, { receivedAt: RECEIVED, previous: null })).toEqual({ at: RECEIVED, trusted: true });
    const late = { ...r, deviceTime: RECEIVED - DEVICE_TIME_TOLERANCE_MS / 2, recordedAt: RECEIVED - 10_000 };
    expect(boundDeviceTime(late, { receivedAt: RECEIVED, previous: RECEIVED - 60_000 })).toEqual({
      at: RECEIVED - 60_000,
      trusted: true,
    });
  });
});

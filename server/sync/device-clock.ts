// Each pushed mutation's clock on the server: the device's times bounded by the
// push's receipt and by the device's previous events (domain/device-time.ts), one mutation after
// the other in seq order so a device's events stay monotone within a batch and across batches.
import { sql } from 'drizzle-orm';
import { boundDeviceTime, type DeviceClockReading } from '../../domain/device-time';
import type { PushedMutation } from '../../sync/protocol';
import type { Tx } from './changes';

export interface MutationClock {
  time(deviceMs: number): number;
  clockTrusted: boolean;
  /** The mutation's own time on the server clock, logged as the device's next floor. */
  correctedAt: number;
}

/** The time of this device's latest trusted mutation (they are monotone, so the latest seq's). */
export async function devicePrevious(tx: Tx, entityId: string, deviceId: string): Promise<number | null> {
  const { rows } = (await tx.execute(sql`
    select corrected_at as at from mutation_log
    where entity_id = ${entityId} and device_id = ${deviceId} and corrected_at is not null and not clock_untrusted
    order by seq desc limit 1`)) as unknown as { rows: Array<{ at: string | number | null }> };
  return rows[0]?.at == null ? null : Number(rows[0].at);
}

const readingOf = (m: PushedMutation, deviceTime: number): DeviceClockReading => ({
  deviceTime,
  recordedAt: m.clientTime,
  offsetMs: m.clockOffsetMs,
  monotonicServerTime:
    m.anchorServerTime !== undefined && m.sinceAnchorMs !== undefined ? m.anchorServerTime + m.sinceAnchorMs : null,
  trusted: m.clockTrusted,
});

/** The time a mutation names: its arguments' `at` when they have one, else when it was recorded. */
const ownTime = (m: PushedMutation, args: unknown): number => {
  const at = (args as { at?: unknown } | null)?.at;
  return typeof at === 'number' && Number.isFinite(at) ? at : m.clientTime;
};

export function deviceClocks(previous: number | null, receivedAt: number) {
  let floor = previous;
  return (m: PushedMutation, args: unknown): MutationClock => {
    const bounds = { receivedAt, previous: floor };
    const own = boundDeviceTime(readingOf(m, ownTime(m, args)), bounds);
    // Only a trusted time moves the floor: a receipt time says nothing of when the device recorded.
    if (own.trusted) floor = floor === null ? own.at : Math.max(floor, own.at);
    return {
      correctedAt: own.at,
      clockTrusted: own.trusted,
      time: (deviceMs) => (own.trusted ? boundDeviceTime(readingOf(m, deviceMs), bounds).at : receivedAt),
    };
  };
}

// A device's time on the server's clock. A kiosk's wall clock can jump while it
// is offline (+3 days, −5 days, a reset to 2000): the time it names is only believed when it is
// measured on a monotonic clock from a server-time anchor taken in the same page or worker
// lifetime, or when the wall clock with its last measured offset agrees with what the server knows.
// Either way the result is never after the push was received (nothing is recorded in the future
// of its receipt) and never before the device's previous event (a device's events are monotone).
// A time that cannot be believed is the receipt time, flagged for an admin.

/** Jitter allowed around the bounds before a time counts as wrong: half a round trip, a page's
 * message latency, seconds of drift between two measurements, the gap between the last contact
 * and an action recorded just before it. Within it the time is clamped, not flagged. */
export const DEVICE_TIME_TOLERANCE_MS = 5 * 60_000;

/** How long before its recording an action's own time may lie (a journey started a while before
 * its last tap); beyond it the device clock moved between the two readings. */
export const MAX_ACTION_LEAD_MS = 12 * 60 * 60_000;

/** No device is offline longer than this: a time further back is a clock reset (e.g. to 2000),
 * even on a device the server has no earlier event from. */
export const MAX_OFFLINE_MS = 30 * 24 * 60 * 60_000;

export interface DeviceClockReading {
  /** The time the action names, on the device's wall clock (e.g. a sign-in's `at`). */
  deviceTime: number;
  /** The device's wall clock when the action was recorded (the outbox entry's clientTime). */
  recordedAt: number;
  /** The wall-clock offset to the server measured at the last contact. */
  offsetMs: number;
  /** Server time at the anchor plus the monotonic time elapsed since it, when the recording page
   * or worker had an anchor of its own lifetime; null otherwise (old outbox entries too). */
  monotonicServerTime: number | null;
  /** The device's own verdict: false when its anchor was from another lifetime. Absent: unknown. */
  trusted?: boolean;
}

export interface DeviceTimeBounds {
  /** When the server received the push. */
  receivedAt: number;
  /** The latest time this device's earlier events were stored at (and its last contact), if any. */
  previous: number | null;
}

export interface BoundedTime {
  at: number;
  trusted: boolean;
}

/** The action's time on the server's clock, bounded by its receipt and the device's history. */
export function boundDeviceTime(reading: DeviceClockReading, bounds: DeviceTimeBounds): BoundedTime {
  const { receivedAt } = bounds;
  const floor = Math.min(Math.max(bounds.previous ?? -Infinity, receivedAt - MAX_OFFLINE_MS), receivedAt);
  const untrusted: BoundedTime = { at: receivedAt, trusted: false };
  const monotonic = reading.monotonicServerTime !== null && reading.trusted !== false;
  let recorded: number;
  let own: number;
  if (monotonic) {
    // The action's own time is read off the wall clock a moment before it was recorded: only that
    // difference is taken from the wall clock, so a jump between the two readings is refused.
    const lead = reading.deviceTime - reading.recordedAt;
    if (!Number.isFinite(lead) || lead > DEVICE_TIME_TOLERANCE_MS || lead < -MAX_ACTION_LEAD_MS) return untrusted;
    recorded = reading.monotonicServerTime!;
    own = recorded + Math.min(lead, 0);
  } else {
    // Only the wall clock and its offset at the last contact (old outbox entries, or no anchor).
    own = reading.deviceTime + reading.offsetMs;
    recorded = own;
  }
  if (!Number.isFinite(recorded) || !Number.isFinite(own)) return untrusted;
  // A device that says its clock has no anchor is believed only about a moment ago (e.g. a tap in
  // the seconds after a reload, before its first pull): then its time is as good as the receipt.
  if (reading.trusted === false && receivedAt - own > DEVICE_TIME_TOLERANCE_MS) return untrusted;
  // The recording itself must fall between the device's last known moment and the receipt.
  if (recorded > receivedAt + DEVICE_TIME_TOLERANCE_MS || recorded < floor - DEVICE_TIME_TOLERANCE_MS) return untrusted;
  const at = Math.min(receivedAt, Math.max(floor, own));
  return { at: Math.round(at), trusted: true };
}

/** Retention and auto sign-out leave an event alone for this long after it was received. */
export const RECENT_RECEIPT_MS = 24 * 60 * 60_000;

/** Auto sign-out holds a sign-in that arrived late (received well after the time it names) until
 * a day after its receipt: a backlog from a device that was offline, its time possibly wrong, must
 * not end live visits the moment it lands. A sign-in received as it happened is judged as always
 * (so "at midnight" still ends yesterday evening's visits at midnight). */
export function heldAfterReceipt(signedInAt: number, receivedAt: number | null, now: number): boolean {
  if (receivedAt === null) return false;
  return receivedAt > now - RECENT_RECEIPT_MS && receivedAt - signedInAt > DEVICE_TIME_TOLERANCE_MS;
}

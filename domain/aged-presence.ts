// Aged presence rows leaving a device. A presence row older than the device's window
// is held only while it is its person's latest sign-in. Once it is not (a sign-out, or a later
// event supersedes it), every older row of that person is out of scope as well: each is older
// than the window, and none is their latest. So "this row leaves" can be widened to "this
// person's rows up to this one leave", which is what keeps presence exact on a device: dropping
// a latest sign-out alone could uncover an older sign-in of the same person the device still
// holds, and show them on site.
import { comparePresence, type PresenceEvent } from './presence';

type Timed = Pick<PresenceEvent, 'id' | 'at'>;

/** Whether `row` comes at or before `last` in presence order (time, then id, as domain/presence). */
export function atOrBefore(row: Timed, last: Timed): boolean {
  return comparePresence(row as PresenceEvent, last as PresenceEvent) <= 0;
}

/** The ids of a person's held rows that leave with their aged row `last` (itself included). */
export function leavingWith(last: Timed, held: Iterable<Timed>): string[] {
  const ids = new Set([last.id]);
  for (const row of held) if (atOrBefore(row, last)) ids.add(row.id);
  return [...ids];
}

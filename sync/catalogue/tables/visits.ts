// Sign-in and sign-out events: who is on site is derived from them (domain/presence.ts).
import * as v from 'valibot';
import { defineTable } from '../define';
import { json, ref, refOrNull, row } from './fields';

export const visitTables = {
  visitEvents: defineTable({
    row: row({
      personId: v.string(),
      kind: v.picklist(['in', 'out']),
      areaId: refOrNull,
      at: v.number(),
      journeyFlowId: ref,
      userTypeId: ref,
      deviceId: ref,
      details: json,
      /** The device's clock could not be trusted: `at` is when the server received it. */
      clockUntrusted: v.optional(v.boolean()),
    }),
    indexes: ['personId', 'at', 'pending'],
    receive: ['dashboard', 'show_emergency_list', 'kiosk_device'],
    // Today's events, a window for admins, and each on-site person's sign-in however old.
    scope: { kind: 'presence' },
  }),
};

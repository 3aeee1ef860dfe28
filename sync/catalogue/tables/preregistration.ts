// Pre-registration on devices: expected visits, the QR revocation list and the entities'
// public signing keys (never a private key, a link secret or a photo).
import * as v from 'valibot';
import { defineTable } from '../define';
import { json, num, ref, row, text } from './fields';

export const preregistrationTables = {
  expectedVisits: defineTable({
    row: row({
      personId: v.string(),
      journeyFlowId: ref,
      areaId: ref,
      userTypeId: ref,
      hostId: ref,
      visitDate: text,
      visitTime: text,
      visitAt: num,
      status: v.string(),
      companyName: text,
      confirmedAt: num,
      arrivedAt: num,
      version: num,
      /** The custom-field values the visitor typed at pre-registration (the kiosk prints them). */
      customFields: json,
    }),
    indexes: ['personId', 'visitAt', 'status'],
    receive: ['users', 'kiosk_device'],
    // A kiosk holds its area's, yesterday to a few days ahead; an admin's device every expected
    // visit of the sites it may see.
    scope: { kind: 'upcoming', time: 'visitAt', area: 'areaId' },
  }),
  qrRevocations: defineTable({
    row: row({ reason: text, lifted: num }),
    indexes: [],
    receive: ['users', 'kiosk_device'],
  }),
  signingKeys: defineTable({
    row: row({ algorithm: v.string(), publicKey: v.string() }),
    indexes: [],
    receive: ['users', 'kiosk_device'],
  }),
};

// People and what belongs to them: who can sign in, their cards, documents and user types.
import * as v from 'valibot';
import { REGISTRATION_METHODS } from '../../../domain/journey';
import { defineTable } from '../define';
import { flag, json, num, ref, row, text } from './fields';

export const peopleTables = {
  people: defineTable({
    row: row({
      fullName: v.string(),
      email: text,
      phone: text,
      countryCode: text,
      userTypeId: ref,
      roleId: ref,
      image: text,
      archived: flag,
      labels: json,
      // A person's custom-field values (a directory integration fills them).
      customFields: json,
      companyName: text,
      version: num,
    }),
    indexes: [],
    receive: ['users', 'dashboard', 'show_emergency_list', 'kiosk_device'],
    // A warden's phone lists who is on site and may call them; only people managers and kiosks
    // (which check a new visitor's email and phone offline) hold email addresses.
    redact: [
      { fields: ['email', 'labels', 'customFields'], unless: ['users', 'kiosk_device'] },
      { fields: ['phone', 'countryCode'], unless: ['users', 'kiosk_device', 'show_emergency_list'] },
    ],
  }),
  personCards: defineTable({ row: row({ rfid: v.string() }), indexes: ['rfid'], receive: ['users', 'kiosk_device'] }),
  personDocuments: defineTable({
    row: row({
      personId: v.string(),
      type: v.string(),
      status: v.string(),
      startDate: text,
      expiryDate: text,
      details: json,
      // The few details a required document's rule reads (domain/vaccine-status.ts statusFacts).
      facts: json,
    }),
    indexes: ['personId'],
    // A kiosk decides offline whether a visit's required certificate is on the profile: it holds
    // each document's type, status, dates and facts, never the certificate's data.
    receive: ['users', 'kiosk_device'],
    redact: [{ fields: ['details'], unless: ['users'] }],
  }),
  userTypes: defineTable({
    row: row({
      name: v.string(),
      registrationMethod: v.picklist(REGISTRATION_METHODS),
      gracePeriodMinutes: num,
      profilePhoto: flag,
      parentId: ref,
    }),
    indexes: [],
    receive: 'everyone',
  }),
};

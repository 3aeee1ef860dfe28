// The kiosk journey's configuration (pulled down) and what a journey records.
import * as v from 'valibot';
import { complianceForm } from '../../../domain/compliance';
import { localizedTextRow } from '../../../domain/custom-field-sections';
import { customFieldEntry } from '../../../domain/custom-fields';
import { attendanceMode } from '../../../domain/reasons';
import { defineTable } from '../define';
import { flag, json, num, ref, refOrNull, row, text } from './fields';

const journeyRecord = ['dashboard', 'kiosk_device'] as const;

export const kioskTables = {
  journeys: defineTable({
    // names: the name in every language written (domain/localized-text); name: the default one.
    row: row({ name: v.string(), names: json, description: text, logo: text, settings: json, version: num }),
    indexes: [],
    receive: 'everyone',
    // A kiosk holds the journeys of its area (settings.areas names it, or names no area).
    scope: { kind: 'journey', journey: 'id' },
  }),
  journeyFlows: defineTable({
    row: row({
      journeyId: v.string(),
      name: v.string(),
      names: json,
      description: text,
      userTypeId: refOrNull,
      settings: json,
      version: num,
    }),
    indexes: ['journeyId'],
    receive: 'everyone',
    scope: { kind: 'journey', journey: 'journeyId' },
  }),
  // Forms and modes are the domain's shapes: the kiosk evaluates answers and reasons on them.
  complianceForms: defineTable({ row: row(complianceForm.entries), indexes: [], receive: 'everyone' }),
  attendanceModes: defineTable({ row: row(attendanceMode.entries), indexes: [], receive: 'everyone' }),
  // A section's fields (sync/catalogue/tables/custom-fields.ts has the sections).
  customFields: defineTable({
    row: row({
      sectionId: v.string(),
      name: localizedTextRow,
      type: v.string(),
      options: v.array(localizedTextRow),
      display: v.string(),
      required: v.boolean(),
      fillable: v.boolean(),
      printable: v.boolean(),
      icon: text,
      position: num,
    }),
    indexes: [],
    receive: 'everyone',
  }),
  announcements: defineTable({
    row: row({
      description: localizedTextRow,
      urgent: v.boolean(),
      pinned: v.boolean(),
      publishAt: v.number(),
      expiresAt: v.nullable(v.number()),
      // The kiosk shows an announcement to its target user types and may read it aloud.
      url: text,
      verbal: flag,
      targetUserTypes: v.optional(v.array(v.string())),
      version: num,
    }),
    indexes: [],
    receive: 'everyone',
  }),
  kioskVisits: defineTable({
    row: row({
      personId: v.string(),
      areaId: v.string(),
      journeyId: ref,
      journeyFlowId: ref,
      stage: v.string(),
      signedIn: v.boolean(),
      details: json,
      customFields: v.array(customFieldEntry),
      at: v.number(),
    }),
    indexes: ['personId', 'at'],
    receive: journeyRecord,
    scope: { kind: 'history', time: 'at' },
  }),
  complianceAnswers: defineTable({
    row: row({
      personId: v.string(),
      complianceId: v.string(),
      complianceVersion: num,
      answers: json,
      outcome: v.string(),
      isWrong: flag,
      visitId: ref,
      at: v.number(),
    }),
    indexes: ['[personId+complianceId]'],
    receive: journeyRecord,
  }),
  visitChecks: defineTable({
    row: row({
      personId: v.string(),
      visitId: ref,
      mask: flag,
      temperature: json,
      passed: v.boolean(),
      at: v.number(),
    }),
    indexes: ['personId'],
    receive: journeyRecord,
  }),
  hostNotifications: defineTable({
    row: row({
      hostId: v.string(),
      personId: v.string(),
      visitId: ref,
      message: text,
      mailStatus: text,
      at: v.number(),
      /** An emergency alert to a warden (the session), not a visit's host notification. */
      emergencySessionId: ref,
    }),
    indexes: ['hostId'],
    receive: journeyRecord,
  }),
  kioskLogs: defineTable({
    row: row({ kind: v.string(), code: v.string(), data: json, at: v.number() }),
    indexes: ['at'],
    receive: ['show_kiosk_logs_list', 'kiosk_device'],
  }),
};

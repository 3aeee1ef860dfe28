// Emergency sessions and roll-call marks, for the wardens who run them.
import * as v from 'valibot';
import { defineTable } from '../define';
import { flag, num, ref, row, text } from './fields';

export const emergencyTables = {
  emergencySessions: defineTable({
    row: row({
      name: v.string(),
      siteIds: v.array(v.string()),
      startedAt: v.number(),
      startedBy: ref,
      endedAt: num,
      endedBy: ref,
      endMutationId: text,
      endedAtBefore: num,
      endedByBefore: ref,
    }),
    indexes: ['startedAt'],
    receive: ['show_emergency_sessions'],
  }),
  rollCallMarks: defineTable({
    row: row({
      sessionId: v.string(),
      personId: v.string(),
      status: v.string(),
      at: v.number(),
      markedBy: ref,
      deviceId: ref,
      settles: flag,
    }),
    indexes: ['sessionId', 'personId'],
    receive: ['show_emergency_sessions'],
  }),
};

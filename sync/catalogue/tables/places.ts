// Sites and their areas: every device needs them to name where things happen.
import * as v from 'valibot';
import { defineTable } from '../define';
import { flag, num, ref, row, text } from './fields';

export const placeTables = {
  sites: defineTable({
    // timeZone: "today" and "at midnight" on a device are in the site's zone.
    row: row({ name: v.string(), lat: num, long: num, radius: num, timeZone: text }),
    indexes: [],
    receive: 'everyone',
  }),
  areas: defineTable({
    row: row({
      siteId: v.string(),
      name: v.string(),
      parentAreaId: ref,
      loginMode: text,
      autoSignOutMode: text,
      geofencing: flag,
    }),
    indexes: ['siteId'],
    receive: 'everyone',
  }),
};

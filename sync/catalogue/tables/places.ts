// Sites and their areas: every device needs them to name where things happen.
import * as v from 'valibot';
import { defineTable } from '../define';
import { num, ref, row, text } from './fields';

export const placeTables = {
  sites: defineTable({
    row: row({ name: v.string(), lat: num, long: num, radius: num }),
    indexes: [],
    receive: 'everyone',
  }),
  areas: defineTable({
    row: row({ siteId: v.string(), name: v.string(), parentAreaId: ref, loginMode: text }),
    indexes: ['siteId'],
    receive: 'everyone',
  }),
};

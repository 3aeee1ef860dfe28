// Sections of custom fields: every device receives them (the kiosk shows a section's name over
// its fields, in the visitor's language). Their fields are `customFields` in ./kiosk.ts.
import { localizedTextRow } from '../../../domain/custom-field-sections';
import { defineTable } from '../define';
import { num, row, text } from './fields';

export const customFieldTables = {
  sections: defineTable({
    row: row({ name: localizedTextRow, icon: text, position: num }),
    indexes: [],
    receive: 'everyone',
  }),
};

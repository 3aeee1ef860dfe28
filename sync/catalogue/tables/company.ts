// The company's own row: its name and logo reach every device, so a kiosk's frame and
// its printed badges follow a logo change without being registered again. One row, id = entity id.
import { defineTable } from '../define';
import { row, text } from './fields';

export const companyTables = {
  companies: defineTable({
    row: row({ name: text, logo: text }),
    indexes: [],
    receive: 'everyone',
  }),
};

// An attendance mode as devices hold it (catalogue table attendanceModes), reasons inside.
import type { attendanceModes } from '../db/schema/kiosk-config';
import type { ChangeInput } from '../sync/changes';
import { rowChange } from '../kiosk/kiosk.projections';

export type ModeRow = typeof attendanceModes.$inferSelect;

export const modeChange = (row: ModeRow): ChangeInput => rowChange('attendanceModes', row, row.version);
export const modeGone = (row: ModeRow): ChangeInput => ({
  table: 'attendanceModes',
  id: row.id,
  op: 'del',
  version: row.version + 1,
  data: null,
});

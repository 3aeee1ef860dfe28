// What the attendance calls answer (server/attendance/attendance.service.ts modeWire).
import type { Reason } from '../../../domain/reasons';

export type ReasonItem = Reason & { startTime: string | null; endTime: string | null };
export interface ModeItem {
  id: string;
  name: string;
  workingDays: number[];
  startTime: string;
  endTime: string;
  startMinutes: number;
  endMinutes: number;
  lateGraceMinutes: number;
  earlyGraceMinutes: number;
  attendanceCode: string;
  integration: string | null;
  version: number;
  reasons: ReasonItem[];
}

// Attendance codes and write-back of a directory integration: which of the directory's
// own codes each Gatehouse attendance outcome becomes, and what is written back to the directory.
// An outcome is a mode's on-time / late / early situation, or a reason given; a reason without a
// code of its own falls back to its mode's situation.
import * as v from 'valibot';

export const CODE_SITUATIONS = ['on_time', 'late_sign_in', 'early_sign_out'] as const;
export type CodeSituation = (typeof CODE_SITUATIONS)[number];

/** `mode:<modeId>:<situation>` or `reason:<reasonId>`. */
export type CodeKey = string;
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
export const CODE_KEY = new RegExp(`^(mode:${UUID}:(${CODE_SITUATIONS.join('|')})|reason:${UUID})$`, 'i');

export const modeCodeKey = (modeId: string, situation: CodeSituation): CodeKey => `mode:${modeId}:${situation}`;
export const reasonCodeKey = (reasonId: string): CodeKey => `reason:${reasonId}`;

export interface CodedMark {
  modeId: string;
  reasonId: string | null;
  situation: 'late_sign_in' | 'early_sign_out' | null;
}

/** The directory code of what was judged at a sign-in or sign-out, or null when unmapped. */
export function directoryCodeOf(codes: Readonly<Record<CodeKey, string>>, mark: CodedMark): string | null {
  const byReason = mark.reasonId ? codes[reasonCodeKey(mark.reasonId)] : undefined;
  return byReason || codes[modeCodeKey(mark.modeId, mark.situation ?? 'on_time')] || null;
}

export const CODE_MAX = 50;

/** PUT body of the attendance-codes screen: every outcome's directory code; empty = unmapped. */
export const attendanceCodesInput = v.object({
  codes: v.pipe(
    v.record(
      v.pipe(v.string(), v.regex(CODE_KEY, 'integrationCodes.validation.key')),
      v.pipe(v.string('validation.required'), v.trim(), v.maxLength(CODE_MAX, 'validation.too_long')),
    ),
    v.check((c) => Object.keys(c).length <= 2000, 'validation.too_long'),
  ),
});
export type AttendanceCodesInput = v.InferOutput<typeof attendanceCodesInput>;

/** What the write-back screen chooses: attendance marks (with the reason as the mark's comment). */
export const writeBackInput = v.object({
  attendance: v.boolean('validation.required'),
  comments: v.boolean('validation.required'),
});
export type WriteBackInput = v.InferOutput<typeof writeBackInput>;

export interface AttendanceCodesWire {
  modes: Array<{
    id: string;
    name: string;
    attendanceCode: string;
    reasons: Array<{
      id: string;
      name: string;
      type: 'late_sign_in' | 'early_sign_out';
      attendanceCode: string | null;
    }>;
  }>;
  codes: Record<CodeKey, string>;
}

export interface WriteBackWire {
  /** False where the directory takes no write-back (Paxton Net2, Google, Microsoft here). */
  supported: boolean;
  attendance: boolean;
  comments: boolean;
  sent: number;
  pending: number;
  lastRunAt: string | null;
  lastError: string | null;
}

/** A register session: Wonde takes AM and PM marks; a mark in the afternoon (site time) is PM. */
export const sessionOf = (localMinutes: number): 'AM' | 'PM' => (localMinutes < 12 * 60 ? 'AM' : 'PM');

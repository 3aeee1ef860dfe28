// Which directory code a sign-in or sign-out becomes: a reason's own code first, else its mode's
// situation; unmapped stays null. And the register session of a local time.
import { expect, it } from 'vitest';
import * as v from 'valibot';
import { attendanceCodesInput, directoryCodeOf, modeCodeKey, reasonCodeKey, sessionOf } from './attendance-codes';

const MODE = '0190a7c4-0000-7000-8000-000000000001';
const REASON = '0190a7c4-0000-7000-8000-000000000002';
const codes = {
  [modeCodeKey(MODE, 'on_time')]: '/',
  [modeCodeKey(MODE, 'late_sign_in')]: 'L',
  [reasonCodeKey(REASON)]: 'M',
};

it('maps a reason to its own code, a reason without one to its mode’s situation', () => {
  expect(directoryCodeOf(codes, { modeId: MODE, reasonId: REASON, situation: 'late_sign_in' })).toBe('M');
  const other = '0190a7c4-0000-7000-8000-000000000003';
  expect(directoryCodeOf(codes, { modeId: MODE, reasonId: other, situation: 'late_sign_in' })).toBe('L');
  expect(directoryCodeOf(codes, { modeId: MODE, reasonId: null, situation: null })).toBe('/');
  expect(directoryCodeOf(codes, { modeId: MODE, reasonId: null, situation: 'early_sign_out' })).toBeNull();
});

it('splits the register at local noon', () => {
  expect(sessionOf(11 * 60 + 59)).toBe('AM');
  expect(sessionOf(12 * 60)).toBe('PM');
});

it('accepts only outcome keys and trims codes', () => {
  expect(v.parse(attendanceCodesInput, { codes: { [modeCodeKey(MODE, 'on_time')]: ' / ' } }).codes).toEqual({
    [modeCodeKey(MODE, 'on_time')]: '/',
  });
  expect(v.safeParse(attendanceCodesInput, { codes: { 'mode:x:on_time': 'P' } }).success).toBe(false);
});

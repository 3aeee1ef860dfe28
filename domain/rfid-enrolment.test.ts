import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { RFID_CODE_PATTERN, RFID_LINK_TTL_MS, rfidCardBody, rfidLinkState } from './rfid-enrolment';

describe('RFID enrolment links', () => {
  const created = Date.parse('2026-03-01T09:00:00Z');
  const link = { usedAt: null, expiresAt: created + RFID_LINK_TTL_MS };

  it('works until its expiry instant, then is expired', () => {
    expect(rfidLinkState(link, created)).toBe('usable');
    expect(rfidLinkState(link, link.expiresAt - 1)).toBe('usable');
    expect(rfidLinkState(link, link.expiresAt)).toBe('expired');
  });

  it('a used link stays used, even after it would have expired', () => {
    expect(rfidLinkState({ ...link, usedAt: created + 5 }, created + 10)).toBe('used');
    expect(rfidLinkState({ ...link, usedAt: created + 5 }, link.expiresAt + 1)).toBe('used');
  });

  it('accepts card ids as a reader types them, trimmed, and refuses anything else', () => {
    expect(v.parse(rfidCardBody, { rfid: ' 04:A2:19-FF \n' }).rfid).toBe('04:A2:19-FF');
    expect(v.safeParse(rfidCardBody, { rfid: '' }).success).toBe(false);
    expect(v.safeParse(rfidCardBody, { rfid: '12 34' }).success).toBe(false);
    expect(v.safeParse(rfidCardBody, { rfid: 'x'.repeat(65) }).success).toBe(false);
  });

  it('codes are 32 url-safe characters', () => {
    expect(RFID_CODE_PATTERN.test('a'.repeat(32))).toBe(true);
    expect(RFID_CODE_PATTERN.test('a'.repeat(31))).toBe(false);
    expect(RFID_CODE_PATTERN.test(`${'a'.repeat(31)}/`)).toBe(false);
  });
});

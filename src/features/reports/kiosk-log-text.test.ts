import { describe, expect, it } from 'vitest';
import type { KioskLogRow } from '../../../domain/schemas/more-reports';
import { kioskLogText } from './kiosk-log-text';

const t = (key: string, params?: Record<string, unknown>) => (params ? `${key} ${JSON.stringify(params)}` : key);
const row = (code: string, data: Record<string, unknown> | null, extra: Partial<KioskLogRow> = {}): KioskLogRow => ({
  id: 'l',
  kiosk_id: 'k',
  kiosk_name: 'Front desk',
  kind: 'action',
  code,
  data,
  at: 0,
  ...extra,
});

describe('kiosk log text', () => {
  it('says what happened per code, with the person it names', () => {
    expect(kioskLogText(row('offline', null), t)).toBe('moreReports.logText.offline');
    expect(kioskLogText(row('sign_in', { personId: 'p' }, { person_name: 'Ann' }), t)).toBe(
      'moreReports.logText.sign_in {"name":"Ann"}',
    );
    expect(kioskLogText(row('badge_printed', { reprintOf: 'x' }, { person_name: 'Ann', area_name: 'Hall' }), t)).toBe(
      'moreReports.logText.badge_reprinted {"name":"Ann","area":"Hall"}',
    );
    expect(kioskLogText(row('app_started', { version: '1.4' }), t)).toBe(
      'moreReports.logText.app_started {"version":"1.4"}',
    );
    expect(kioskLogText(row('logging', { enabled: false }), t)).toBe('moreReports.logText.logging_off');
    expect(kioskLogText(row('refused:temperature_high', null), t)).toContain('temperature high');
  });

  it('never shows JSON for a code it does not know', () => {
    expect(kioskLogText(row('custom', { door: 'A', ok: true, nested: { x: 1 } }), t)).toBe(
      'door: A · ok: visitRecord.yes',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { visitRecordLines } from './visit-record';

const look = {
  personName: (id: string) => (id === 'h1' ? 'Hannah Host' : undefined),
  reasonName: (id: string) => (id === 'r1' ? 'Traffic delay' : undefined),
  unit: 'c' as const,
};
const kioskDetails = {
  source: 'kiosk',
  kioskId: '01a2-kiosk',
  visitId: '01a2-visit',
  journeyId: '01a2-journey',
  method: 'search',
  stage: 'ready to sign in',
  compliance: 'passed',
  outputs: ['door_relay'],
  hostIds: ['h1'],
  hostMessage: 'At reception',
  temperature: { raw: '36.6', unit: 'c', celsius: 36.6, threshold: 37.5 },
  mask: true,
  reasonId: 'r1',
};

describe("the visit drawer's journey record", () => {
  it('names the host, translates every label and value, and hides internal ids', () => {
    const lines = visitRecordLines(kioskDetails, look);
    const text = JSON.stringify(lines);
    expect(text).not.toMatch(/01a2|kioskId|visitId|journeyId|hostIds|raw/);
    expect(lines).toContainEqual({ label: 'visitRecord.label.host', value: { text: 'Hannah Host' } });
    expect(lines).toContainEqual({ label: 'visitRecord.label.mask', value: { key: 'visitRecord.yes' } });
    expect(lines).toContainEqual({
      label: 'visitRecord.label.stage',
      value: { key: 'kiosk.stage.ready to sign in', params: { defaultValue: 'ready to sign in' } },
    });
    expect(lines).toContainEqual({ label: 'visitRecord.label.reason', value: { text: 'Traffic delay' } });
    for (const l of lines) expect(l.label.startsWith('visitRecord.label.')).toBe(true);
  });

  it('shows temperatures in the chosen unit', () => {
    const f = visitRecordLines(kioskDetails, { ...look, unit: 'f' });
    expect(f).toContainEqual({
      label: 'visitRecord.label.temperature',
      value: { key: 'visitRecord.temperature.f', params: { value: 97.9 } },
    });
    const c = visitRecordLines({ checks: { temperature: { value: 99.5, unit: 'f' }, mask: false } }, look);
    expect(c).toEqual([
      { label: 'visitRecord.label.temperature', value: { key: 'visitRecord.temperature.c', params: { value: 37.5 } } },
      { label: 'visitRecord.label.mask', value: { key: 'visitRecord.no' } },
    ]);
  });
});

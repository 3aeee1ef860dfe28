import { describe, expect, it } from 'vitest';
import {
  documentFacts,
  documentVerdict,
  statusFacts,
  vaccineStatus,
  type StatusDocument,
  type StatusForm,
} from './vaccine-status';

const now = Date.UTC(2026, 5, 15, 12);
const form: StatusForm = { documentRequired: true, protocols: ['eu_dcc'], acceptNegativePcr: true, pcrValidDays: 3 };
const vaccine = (over: Partial<StatusDocument> & { protocol?: string } = {}): StatusDocument => ({
  type: 'covid_vaccine',
  status: 'ACTIVE',
  expiryDate: '2026-12-31',
  details: { vaccine_protocol: over.protocol ?? 'eu_dcc' },
  ...over,
});
const test = (result: string, taken: string, status = 'ACTIVE'): StatusDocument => ({
  type: 'pcr_test',
  status,
  details: { pcr_result: result, pcr_date_taken: taken },
});

describe('vaccine/PCR status', () => {
  it('is not applicable without a form or when the form needs no document', () => {
    expect(vaccineStatus(null, [vaccine()], now)).toBe('not_applicable');
    expect(vaccineStatus({ ...form, documentRequired: false }, [vaccine()], now)).toBe('not_applicable');
  });

  it('is unchecked when the person has no document', () => {
    expect(vaccineStatus(form, [], now)).toBe('unchecked');
    expect(vaccineStatus(form, [{ type: 'passport', status: 'ACTIVE' }], now)).toBe('unchecked');
  });

  it('is vaccinated with a current vaccine in an accepted protocol', () => {
    expect(vaccineStatus(form, [vaccine()], now)).toBe('vaccinated');
    expect(vaccineStatus(form, [vaccine({ expiryDate: '2026-06-15' })], now)).toBe('vaccinated');
  });

  it('is expired when the accepted vaccine has run out', () => {
    expect(vaccineStatus(form, [vaccine({ expiryDate: '2026-06-14' })], now)).toBe('expired');
  });

  it('is not supported when the vaccine is in a protocol the form does not accept', () => {
    expect(vaccineStatus(form, [vaccine({ protocol: 'nhs' })], now)).toBe('not_supported');
  });

  it('counts a negative test for its validity days only', () => {
    expect(vaccineStatus(form, [test('negative', '2026-06-13')], now)).toBe('negative_pcr');
    expect(vaccineStatus(form, [test('negative', '2026-06-12')], now)).toBe('expired');
  });

  it('does not count a negative test when the form does not accept one', () => {
    expect(vaccineStatus({ ...form, acceptNegativePcr: false }, [test('negative', '2026-06-15')], now)).toBe(
      'not_supported',
    );
  });

  it('puts a recent positive test before a vaccination', () => {
    expect(vaccineStatus(form, [vaccine(), test('positive', '2026-06-14')], now)).toBe('positive_pcr');
    expect(vaccineStatus(form, [vaccine(), test('positive', '2026-05-01')], now)).toBe('vaccinated');
  });

  it('is disabled when every document was switched off, and ignores deleted ones', () => {
    expect(vaccineStatus(form, [vaccine({ status: 'INACTIVE' })], now)).toBe('disabled');
    expect(vaccineStatus(form, [vaccine({ status: 'DELETED' })], now)).toBe('unchecked');
    expect(vaccineStatus(form, [vaccine({ status: 'INACTIVE' }), test('negative', '2026-06-15')], now)).toBe(
      'negative_pcr',
    );
  });
});

describe('what a required certificate does to a visit', () => {
  it('lets a valid one through, refuses a positive test and holds every other status for reception', () => {
    expect(documentVerdict('not_applicable')).toBe('ok');
    expect(documentVerdict('vaccinated')).toBe('ok');
    expect(documentVerdict('negative_pcr')).toBe('ok');
    expect(documentVerdict('positive_pcr')).toBe('refused');
    for (const s of ['unchecked', 'expired', 'not_supported', 'disabled'] as const)
      expect(documentVerdict(s)).toBe('held');
  });

  it("judges a kiosk's facts as it judges the whole details, and keeps nothing else of them", () => {
    const details = {
      vaccine_protocol: 'eu_dcc',
      vaccine_expiry_date: '2026-12-31',
      vaccine_name: 'Comirnaty',
      batch_number: 'AB123',
      document_notes: 'seen',
    };
    expect(statusFacts(details)).toEqual({ vaccine_protocol: 'eu_dcc', vaccine_expiry_date: '2026-12-31' });
    const stored = vaccine({ details });
    const onKiosk = documentFacts({ ...stored, facts: statusFacts(details) });
    expect(vaccineStatus(form, [onKiosk], now)).toBe(vaccineStatus(form, [stored], now));
    expect(vaccineStatus(form, [onKiosk], now)).toBe('vaccinated');
  });
});

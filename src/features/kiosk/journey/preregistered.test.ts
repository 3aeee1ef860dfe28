// what a visitor gave at pre-registration is used at the kiosk, not asked again.
import { describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { readFlowSettings } from '../../../../domain/journey';
import { journeyOutcome } from '../../../../domain/kiosk-journey';
import { mutate } from '../../../../sync/client';
import type { MutationName } from '../../../../sync/catalogue';
import { MemoryDevice } from '../../../../sync/memory-store';
import type { KioskField, KioskFlow } from '../hooks/use-kiosk-data';
import { badgeLines } from '../hooks/badge-fields';
import { commitDraft, type Record as RecordFn } from './commit';
import { emptyDraft } from './draft';
import { fromPreregistration } from './preregistered';
import { remainingSteps } from './steps';

const flow: KioskFlow = {
  id: uuidv7(),
  journeyId: uuidv7(),
  name: 'Visitor arrival',
  userTypeId: uuidv7(),
  settings: readFlowSettings({ compliance_id: 'form', compliance_frequency: 'every time', host: true }),
};
const person = { id: uuidv7(), fullName: 'Pia Prereg', userTypeId: flow.userTypeId };
const field = (id: string, name: string, type: string) =>
  ({ id, name, type, printable: true, fillable: true, sectionId: null, options: [] }) as unknown as KioskField;
const company = field(uuidv7(), 'Company name', 'text');
const nda = field(uuidv7(), 'NDA signed', 'toggle button');
const visit = {
  id: uuidv7(),
  status: 'expected',
  hostId: uuidv7(),
  customFields: [
    { custom_field_id: company.id, value: 'Northwind' },
    { custom_field_id: nda.id, value: '1' },
    { custom_field_id: uuidv7(), value: 'a field this flow does not ask' },
  ],
};
const now = Date.UTC(2026, 0, 12, 10);

describe('a pre-registered visitor at the kiosk', () => {
  const patch = fromPreregistration(visit, [company, nda]);
  const draft = { ...emptyDraft('in', flow.journeyId), person, method: 'qr' as const, ...patch };

  it('is not asked the entry questions answered on the phone for this visit, even when asked every time', () => {
    const phone = [
      { personId: person.id, complianceId: 'form', outcome: 'passed', at: now - 3600_000, visitId: visit.id },
    ];
    expect(remainingSteps(draft, flow, { kind: 'none' }, phone, now)).toEqual(['host']);
    // An answer for another visit does not count for an "every time" form; a failed one is asked again.
    const other = [{ ...phone[0]!, visitId: uuidv7() }];
    const failed = [{ ...phone[0]!, outcome: 'failed' }];
    expect(remainingSteps(draft, flow, { kind: 'none' }, other, now)).toEqual(['compliance', 'host']);
    expect(remainingSteps(draft, flow, { kind: 'none' }, failed, now)).toEqual(['compliance', 'host']);
  });

  it('has the host chosen on the phone preselected and the flow’s custom-field values, typed', () => {
    expect(patch.hostId).toBe(visit.hostId);
    expect(patch.customFields).toEqual([
      { custom_field_id: company.id, type: 'text', value: 'Northwind' },
      { custom_field_id: nda.id, type: 'toggle button', value: 1 },
    ]);
    expect(badgeLines([company, nda], patch.customFields, 'en', (on) => (on ? 'Yes' : 'No'))).toEqual([
      { id: company.id, label: 'Company name', value: 'Northwind' },
      { id: nda.id, label: 'NDA signed', value: 'Yes' },
    ]);
  });

  it('records the values with the visit', async () => {
    const device = new MemoryDevice(uuidv7(), uuidv7(), uuidv7, () => 1000);
    const record = ((name: MutationName, args: never) => mutate(device.deps(), name, args)) as RecordFn;
    const kiosk = {
      id: uuidv7(),
      kioskName: 'Front',
      areaId: uuidv7(),
      areaName: 'Reception',
      siteName: 'HQ',
      entity: { id: uuidv7(), name: 'Acme', logo: null },
    };
    await commitDraft(record, journeyOutcome, { ...draft, hostId: visit.hostId }, kiosk, flow, 1000);
    const args = device.outbox.find((e) => e.name === 'kiosk.journey')!.args as Record<string, unknown>;
    expect(args).toMatchObject({
      expectedVisitId: visit.id,
      customFields: patch.customFields,
      host: { hostId: visit.hostId },
    });
  });
});

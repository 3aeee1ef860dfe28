// "Confirm" writes one mutation per journey, and the screens a person
// still sees depend on the flow, past compliance passes and attendance reasons.
import { describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { readFlowSettings } from '../../../../domain/journey';
import { journeyOutcome } from '../../../../domain/kiosk-journey';
import { mutate } from '../../../../sync/client';
import type { MutationName } from '../../../../sync/catalogue';
import { MemoryDevice } from '../../../../sync/memory-store';
import type { KioskFlow } from '../hooks/use-kiosk-data';
import { commitDraft, type Record as RecordFn } from './commit';
import { emptyDraft, type Draft } from './draft';
import { remainingSteps } from './steps';

const kiosk = {
  id: uuidv7(),
  kioskName: 'Front',
  areaId: uuidv7(),
  areaName: 'Reception',
  siteName: 'HQ',
  entity: { id: uuidv7(), name: 'Acme', logo: null },
};
const flow: KioskFlow = {
  id: uuidv7(),
  journeyId: uuidv7(),
  name: 'Visitor arrival',
  userTypeId: uuidv7(),
  settings: readFlowSettings({
    compliance_id: 'form',
    compliance_frequency: 'daily',
    temperature_check: true,
    host: true,
    print_badge: true,
    door_relay: true,
  }),
};
const person = { id: uuidv7(), fullName: 'Vera Visitor', userTypeId: flow.userTypeId };

/** Records into an in-memory device through the catalogue, so every argument is checked by its schema. */
function recorder() {
  const device = new MemoryDevice(uuidv7(), uuidv7(), uuidv7, () => 1000);
  const record = ((name: MutationName, args: never) => mutate(device.deps(), name, args)) as RecordFn;
  // The log line is recorded without waiting (it is not part of the visit): left out here.
  const names = () => device.outbox.map((e) => e.name).filter((n) => n !== 'kiosk.log');
  const args = (name: string) => device.outbox.find((e) => e.name === name)!.args as Record<string, unknown>;
  return { device, names, args, record };
}

const draft = (patch: Partial<Draft>): Draft => ({ ...emptyDraft('in', flow.journeyId), person, ...patch });

describe('commitDraft', () => {
  it('signs in a ready visitor in ONE journey mutation that carries the checks, the host and the stage shown', async () => {
    const { names, args, record } = recorder();
    const hostId = uuidv7();
    const r = await commitDraft(
      record,
      journeyOutcome,
      draft({
        hostId,
        hostMessage: 'hi',
        temperature: { raw: '36.6', unit: 'c', celsius: 36.6 as never, threshold: 37.5, ok: true },
      }),
      kiosk,
      flow,
      1000,
    );
    expect(r).toMatchObject({ stage: 'ready to sign in', signedIn: true, outputs: ['print_badge', 'door_relay'] });
    expect(names()).toEqual(['kiosk.journey']);
    expect(args('kiosk.journey')).toMatchObject({
      personId: person.id,
      areaId: kiosk.areaId,
      journeyFlowId: flow.id,
      stage: 'ready to sign in',
      checks: { temperature: { raw: '36.6', threshold: 37.5 } },
      host: { hostId, message: 'hi' },
    });
  });

  it('shows a waiting visit without signing in when a wrong answer was explained', async () => {
    const { args, record } = recorder();
    const compliance = { formId: uuidv7(), version: 1, answers: [], agreed: true, outcome: 'wrong_explained' as const };
    const r = await commitDraft(record, journeyOutcome, draft({ compliance }), kiosk, flow, 1000);
    expect(r).toMatchObject({ stage: 'waiting for admin approval (compliance failed)', signedIn: false });
    expect(args('kiosk.journey')).toMatchObject({
      stage: 'waiting for admin approval (compliance failed)',
      compliance: { complianceId: compliance.formId },
    });
  });

  it('refuses a reading over the threshold even when the stage is ready', async () => {
    const { record } = recorder();
    const r = await commitDraft(
      record,
      journeyOutcome,
      draft({ temperature: { raw: '99.5F', unit: 'f', celsius: 37.5 as never, threshold: 37.5, ok: false } }),
      kiosk,
      flow,
      1000,
    );
    expect(r).toMatchObject({ signedIn: false, refusal: 'temperature.above_threshold', outputs: [] });
  });

  it('carries the expected visit of a pre-registration QR in the journey', async () => {
    const expectedVisitId = uuidv7();
    const { names, args, record } = recorder();
    await commitDraft(record, journeyOutcome, draft({ method: 'qr', expectedVisitId }), kiosk, flow, 1000);
    expect(names()).not.toContain('expectedVisit.arrive');
    expect(args('kiosk.journey')).toMatchObject({ expectedVisitId, method: 'qr' });
  });

  it('signs out in one mutation with the chosen reason', async () => {
    const { device, names, record } = recorder();
    await commitDraft(
      record,
      journeyOutcome,
      { ...draft({ reason: { reasonId: 'r1', attendanceCode: 'MEDICAL' } }), action: 'out' },
      kiosk,
      flow,
      1000,
    );
    expect(names()).toEqual(['kiosk.signOut']);
    expect([...device.table('visitEvents').values()]).toEqual([
      expect.objectContaining({
        personId: person.id,
        kind: 'out',
        details: expect.objectContaining({ reasonId: 'r1', attendanceCode: 'MEDICAL' }),
      }),
    ]);
  });
});

describe('remainingSteps', () => {
  const now = Date.UTC(2026, 0, 12, 10);
  it('asks compliance, checks and host in order', () => {
    expect(remainingSteps(draft({}), flow, { kind: 'none' }, [], now)).toEqual(['compliance', 'checks', 'host']);
  });
  it('skips a daily form already passed today, not one that failed', () => {
    const passed = [{ personId: person.id, complianceId: 'form', outcome: 'passed', at: now - 3600_000 }];
    const failed = [{ personId: person.id, complianceId: 'form', outcome: 'failed', at: now - 3600_000 }];
    expect(remainingSteps(draft({}), flow, { kind: 'none' }, passed, now)).toEqual(['checks', 'host']);
    expect(remainingSteps(draft({}), flow, { kind: 'none' }, failed, now)).toContain('compliance');
  });
  it('adds the reason screen only when there is something to choose or confirm', () => {
    const reason = { id: 'r', name: 'Traffic', type: 'late_sign_in' as const };
    expect(remainingSteps(draft({}), undefined, { kind: 'preselected', reason }, [], now)).toEqual(['reason']);
    expect(remainingSteps(draft({}), undefined, { kind: 'code', attendanceCode: 'P' }, [], now)).toEqual([]);
  });
});

// "Confirm" writes exactly the mutations a journey's outcome needs, and the screens a person
// still sees depend on the flow, past compliance passes and attendance reasons.
import { describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { readFlowSettings, visitStage } from '../../../../domain/journey';
import type { KioskFlow } from '../hooks/use-kiosk-data';
import { commitDraft, type Record as RecordFn } from './commit';
import { emptyDraft, type Draft } from './draft';
import { remainingSteps } from './steps';

const kiosk = { id: uuidv7(), kioskName: 'Front', areaId: uuidv7(), areaName: 'Reception', siteName: 'HQ', entity: { id: uuidv7(), name: 'Acme', logo: null } };
const flow: KioskFlow = {
  id: uuidv7(), journeyId: uuidv7(), name: 'Visitor arrival', userTypeId: uuidv7(),
  settings: readFlowSettings({ compliance_id: 'form', compliance_frequency: 'daily', temperature_check: true, host: true, print_badge: true, door_relay: true }),
};
const person = { id: uuidv7(), fullName: 'Vera Visitor', userTypeId: flow.userTypeId };

function recorder() {
  const calls: Array<{ name: string; args: Record<string, unknown> }> = [];
  const record = (async (name: string, args: Record<string, unknown>) => {
    calls.push({ name, args });
    return { ok: true, seq: calls.length, mutationId: uuidv7() };
  }) as unknown as RecordFn;
  return { calls, record };
}

const draft = (patch: Partial<Draft>): Draft => ({ ...emptyDraft('in', flow.journeyId), person, ...patch });

describe('commitDraft', () => {
  it('signs in a ready visitor with the typed details, notifies the host and records outputs', async () => {
    const { calls, record } = recorder();
    const r = await commitDraft(record, visitStage, draft({ hostId: uuidv7(), hostMessage: 'hi', temperature: { raw: '36.6', unit: 'c', celsius: 36.6 as never, threshold: 37.5, ok: true } }), kiosk, flow, 1000);
    expect(r).toMatchObject({ stage: 'ready to sign in', signedIn: true, outputs: ['print_badge', 'door_relay'] });
    expect(calls.map((c) => c.name)).toEqual(['checks.record', 'kiosk.visit', 'visit.signIn', 'host.notify', 'kiosk.log']);
    expect(calls[2]!.args.details).toMatchObject({ source: 'kiosk', stage: 'ready to sign in', temperature: { celsius: 36.6 }, outputs: ['print_badge', 'door_relay'] });
  });

  it('records a waiting visit without signing in when a wrong answer was explained', async () => {
    const { calls, record } = recorder();
    const compliance = { formId: uuidv7(), version: 1, answers: [], agreed: true, outcome: 'wrong_explained' as const };
    const r = await commitDraft(record, visitStage, draft({ compliance }), kiosk, flow, 1000);
    expect(r).toMatchObject({ stage: 'waiting for admin approval (compliance failed)', signedIn: false });
    expect(calls.map((c) => c.name)).not.toContain('visit.signIn');
  });

  it('refuses a reading over the threshold even when the stage is ready', async () => {
    const { calls, record } = recorder();
    const r = await commitDraft(record, visitStage, draft({ temperature: { raw: '99.5F', unit: 'f', celsius: 37.5 as never, threshold: 37.5, ok: false } }), kiosk, flow, 1000);
    expect(r).toMatchObject({ signedIn: false, refusal: 'temperature.above_threshold', outputs: [] });
    expect(calls.find((c) => c.name === 'kiosk.visit')!.args.details).toMatchObject({ refusal: 'temperature.above_threshold' });
  });

  it('marks the expected visit of a pre-registration QR arrived when signed in, and only then', async () => {
    const expectedVisitId = uuidv7();
    const signedIn = recorder();
    const r = await commitDraft(signedIn.record, visitStage, draft({ method: 'qr', expectedVisitId }), kiosk, flow, 1000);
    expect(signedIn.calls.find((c) => c.name === 'expectedVisit.arrive')!.args).toEqual({ visitId: expectedVisitId, kioskVisitId: r.visitId, at: 1000 });
    const waiting = recorder();
    await commitDraft(waiting.record, visitStage, draft({ method: 'qr', expectedVisitId, approvalRequired: true }), kiosk, flow, 1000);
    expect(waiting.calls.map((c) => c.name)).not.toContain('expectedVisit.arrive');
  });

  it('signs out with the chosen reason', async () => {
    const { calls, record } = recorder();
    await commitDraft(record, visitStage, { ...draft({ reason: { reasonId: 'r1', attendanceCode: 'MEDICAL' } }), action: 'out' }, kiosk, flow, 1000);
    expect(calls[0]).toMatchObject({ name: 'visit.signOut', args: { details: { reasonId: 'r1', attendanceCode: 'MEDICAL' } } });
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

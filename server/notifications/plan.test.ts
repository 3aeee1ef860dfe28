// The outbox's pure rules: steps and delays, backoff, the summary status, lateness, E.164.
import { describe, expect, it } from 'vitest';
import { webhookUrlProblem } from './channels/channel';
import { toE164 } from './phone';
import { backoffMs, lateBy, stepsFor, summaryOf } from './plan';

describe('notification plan', () => {
  const plan = [
    { channel: 'slack' as const, delayMinutes: 0 },
    { channel: 'sms' as const, delayMinutes: 2 },
    { channel: 'email' as const, delayMinutes: 5 },
  ];
  it("keeps the company's order and delays for the channels the host chose", () => {
    expect(stepsFor(plan, null).map((s) => [s.channel, s.offsetMs])).toEqual([
      ['slack', 0],
      ['sms', 120_000],
      ['email', 420_000],
    ]);
    expect(stepsFor(plan, ['email', 'slack']).map((s) => [s.channel, s.offsetMs])).toEqual([
      ['slack', 0],
      ['email', 300_000],
    ]);
    expect(stepsFor(plan, ['teams']).map((s) => s.channel)).toEqual(['email']);
  });
  it("keeps the site reception's step whatever the host chose, after the host is told", () => {
    const withReception = [...plan, { channel: 'reception' as const, delayMinutes: 3 }];
    expect(stepsFor(withReception, ['sms']).map((s) => [s.channel, s.offsetMs])).toEqual([
      ['sms', 0],
      ['reception', 180_000],
    ]);
    // Nothing of the plan's host steps chosen: e-mail first, reception after its delay.
    expect(stepsFor(withReception, ['teams']).map((s) => [s.channel, s.offsetMs])).toEqual([
      ['email', 0],
      ['reception', 180_000],
    ]);
    // A company that tells only reception keeps it so.
    expect(stepsFor([{ channel: 'reception', delayMinutes: 0 }], ['sms']).map((s) => s.channel)).toEqual(['reception']);
  });
  it('backs off exponentially, and a longer Retry-After wins', () => {
    expect([1, 2, 3, 10].map((n) => backoffMs(n))).toEqual([15_000, 30_000, 60_000, 900_000]);
    expect(backoffMs(1, 120_000)).toBe(120_000);
  });
  it('summarises deliveries into one status', () => {
    expect(summaryOf(['sent', 'queued'], false)).toBe('sent');
    expect(summaryOf(['failed', 'cancelled'], false)).toBe('failed');
    expect(summaryOf(['failed', 'queued'], false)).toBe('sending');
    expect(summaryOf(['sent'], true)).toBe('acknowledged');
  });
  it('says how late a message is only when it is', () => {
    expect(lateBy(0, 60_000)).toBeNull();
    expect(lateBy(0, 40 * 60_000)).toEqual({ unit: 'minutes', count: 40 });
    expect(lateBy(0, 5 * 3_600_000)).toEqual({ unit: 'hours', count: 5 });
  });
  it('turns phones into E.164 or refuses them', () => {
    expect(toE164('+44 (0)7700 900123'.replace('(0)', ''))).toBe('+447700900123');
    expect(toE164('0044 7700-900123')).toBe('+447700900123');
    expect(toE164('07700 900123')).toBeNull();
  });
  it('wants https webhooks in production', () => {
    expect(webhookUrlProblem('http://127.0.0.1:9/x', false)).toBeNull();
    expect(webhookUrlProblem('http://hooks.example/x', true)).toBe('must be https');
    expect(webhookUrlProblem('https://hooks.example/x', true)).toBeNull();
  });
});

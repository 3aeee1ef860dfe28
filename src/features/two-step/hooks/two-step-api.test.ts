// The caller's own two-step calls: the code typed goes to confirm or disable, and a refusal
// comes back with the server's code for the page to explain.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmEnrolment, disableTwoStep, startEnrolment, twoStepState } from './two-step-api';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async (_u: RequestInfo | URL, _i?: RequestInit) => json(status, body));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
afterEach(() => vi.unstubAllGlobals());

describe('the two-step calls', () => {
  it('read the caller’s state, including whether they must enrol', async () => {
    const state = { enabled: false, required: true, must_enrol: true, recovery_left: 0 };
    const fetchMock = answer(200, { data: state });
    expect(await twoStepState()).toMatchObject({ ok: true, data: { data: state } });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/two-step');
  });

  it('start enrolment, then confirm it with the code the app shows', async () => {
    const fetchMock = answer(200, { data: { recovery_codes: ['a', 'b'] } });
    await startEnrolment();
    const r = await confirmEnrolment('123456');
    expect(fetchMock.mock.calls.map(([u, i]) => [u, i?.method])).toEqual([
      ['/api/two-step/start', 'POST'],
      ['/api/two-step/confirm', 'POST'],
    ]);
    expect(JSON.parse(fetchMock.mock.calls[1]![1]!.body as string)).toEqual({ code: '123456' });
    expect(r.ok && r.data.data.recovery_codes).toEqual(['a', 'b']);
  });

  it('turn two-step off only with a code, and pass a wrong code’s refusal back', async () => {
    const fetchMock = answer(400, { code: 'otp_invalid', message: 'Wrong code' });
    expect(await disableTwoStep('000000')).toMatchObject({ ok: false, status: 400, body: { code: 'otp_invalid' } });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/two-step/disable');
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toEqual({ code: '000000' });
  });
});

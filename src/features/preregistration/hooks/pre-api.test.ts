// The public pre-registration calls a visitor's phone makes: the addresses and bodies the spec
// lists, the answer unwrapped for the page, and what the form sends for a visit.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preApi } from './pre-api';
import { problemOf, rfidApi } from './rfid-api';
import { toFormData } from './use-submit-visit';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => json(status, body));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the pre-registration calls', () => {
  it('asks for a visit by its link and code, and hands the page the visit itself', async () => {
    const fetchMock = answer(200, { data: { visitId: 'v1', visit_date: '2026-03-04' } });
    const r = await preApi.details('ar', 'abc123', 'a b&c');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/visit-by-visit-url/ar/abc123?code=a%20b%26c');
    expect(r).toMatchObject({ ok: true, data: { visitId: 'v1', visit_date: '2026-03-04' } });
  });

  it('passes a refusal through with the server’s body, for the page to explain', async () => {
    answer(404, { code: 'not_found', message: 'No such visit' });
    expect(await preApi.details('en', 'gone')).toEqual({
      ok: false,
      status: 404,
      body: { code: 'not_found', message: 'No such visit' },
    });
  });

  it('confirms a visit as a POST carrying the PUT override', async () => {
    const fetchMock = answer(200, { data: { local_qr: 'GH1.x.y', visit_id: 'v1' } });
    const r = await preApi.confirm('es', new FormData());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/confirm/visit/es');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>)['X-HTTP-Method-Override']).toBe('PUT');
    expect(r).toMatchObject({ ok: true, data: { local_qr: 'GH1.x.y' } });
  });

  it('searches hosts within the journey', async () => {
    const fetchMock = answer(200, { data: [{ id: 'h1', full_name: 'Hannah Host' }] });
    const r = await preApi.hostSearch('flow-1', 'han');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/hosts/search');
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toEqual({ journey_id: 'flow-1', search: 'han' });
    expect(r.ok && r.data).toEqual([{ id: 'h1', full_name: 'Hannah Host' }]);
  });
});

describe('the card enrolment link', () => {
  it('encodes the link code in the address', async () => {
    const fetchMock = answer(200, { data: { rfid: '0042' } });
    expect(await rfidApi.enrol('en', 'x/y', '0042')).toMatchObject({ ok: true, data: { rfid: '0042' } });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/rfid/en/x%2Fy');
  });

  it('tells an unknown, used or expired link apart from a failed load', () => {
    expect(problemOf(404, undefined)).toBe('invalid');
    expect(problemOf(409, 'link_used')).toBe('used');
    expect(problemOf(409, 'link_expired')).toBe('expired');
    expect(problemOf(409, 'other')).toBe('failed');
    expect(problemOf(0, undefined)).toBe('failed');
  });
});

describe('the visit form’s multipart body', () => {
  const values = {
    user_type_id: 't1',
    first_name: 'Vera',
    last_name: 'Visitor',
    company_name: 'Globex',
    email: 'vera@globex.test',
    country_code: '+44',
    phone: '7700900123',
    visit_date: '2026-03-04',
    visit_time: '9:05',
    host: 'h1',
    custom: { car: 'AB-123', vip: '1' },
  };

  it('sends the time as HH:mm:ss and the custom fields as the spec’s value list', () => {
    const fd = toFormData(values, null, { journey_id: 'flow-1' });
    expect(fd.get('visit_time')).toBe('09:05:00');
    expect(JSON.parse(fd.get('custom_fields') as string)).toEqual([
      { custom_field_id: 'car', value: 'AB-123' },
      { custom_field_id: 'vip', value: '1' },
    ]);
    expect(fd.get('journey_id')).toBe('flow-1');
    expect(fd.get('tz_offset')).toBe(String(new Date().getTimezoneOffset()));
    expect(fd.has('image')).toBe(false);
  });

  it('attaches the photo under its own name', () => {
    const photo = new File(['jpeg'], 'me.jpg', { type: 'image/jpeg' });
    const sent = toFormData(values, photo, {}).get('image') as File;
    expect(sent.name).toBe('me.jpg');
  });
});

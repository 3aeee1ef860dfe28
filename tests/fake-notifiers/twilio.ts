// A Twilio Messages API stand-in: POST /2010-04-01/Accounts/{AccountSid}/Messages.json with
// HTTP basic auth (AccountSid:AuthToken) and a form-encoded To (E.164), From and Body; answers
// 201 with the message resource (sid, status "queued") or Twilio's 400/401 error shape.
import { json, startFake } from './fake-server';

export async function startTwilioFake(options: { accountSid: string; authToken: string }) {
  const messages: Array<{ to: string; from: string; body: string; sid: string }> = [];
  const fake = await startFake((req, res) => {
    const path = `/2010-04-01/Accounts/${options.accountSid}/Messages.json`;
    if (req.method !== 'POST' || req.path !== path) return json(res, 404, { code: 20404, message: 'Not found' });
    const auth = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
    if (req.headers.authorization !== auth) return json(res, 401, { code: 20003, message: 'Authenticate' });
    if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded'))
      return json(res, 400, { code: 20001, message: 'form-encoded body expected' });
    const form = new URLSearchParams(req.body);
    const to = form.get('To') ?? '';
    if (!/^\+[1-9]\d{7,14}$/.test(to)) return json(res, 400, { code: 21211, message: `Invalid 'To' Phone Number` });
    if (!form.get('From') || !form.get('Body'))
      return json(res, 400, { code: 21602, message: 'Message body is required.' });
    const sid = `SM${String(messages.length + 1).padStart(32, '0')}`;
    messages.push({ to, from: form.get('From')!, body: form.get('Body')!, sid });
    json(res, 201, { sid, status: 'queued', to, from: form.get('From'), body: form.get('Body') });
  });
  return { ...fake, messages };
}

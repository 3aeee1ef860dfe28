// A Twilio Messages API stand-in: POST /2010-04-01/Accounts/{AccountSid}/Messages.json with
// HTTP basic auth (AccountSid:AuthToken) and a form-encoded To (E.164), From and Body; answers
// 201 with the message resource (sid, status "queued") or Twilio's 400/401 error shape. A
// message given a StatusCallback can be reported on as Twilio does: a form-encoded POST of
// MessageSid, MessageStatus (and ErrorCode) to that address, signed in X-Twilio-Signature (base64
// HMAC-SHA1 under the auth token of the URL followed by the sorted parameters, name then value).
import { createHmac } from 'node:crypto';
import { json, startFake } from './fake-server';

export async function startTwilioFake(options: { accountSid: string; authToken: string }) {
  const messages: Array<{ to: string; from: string; body: string; sid: string; statusCallback: string | null }> = [];
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
    messages.push({
      to,
      from: form.get('From')!,
      body: form.get('Body')!,
      sid,
      statusCallback: form.get('StatusCallback'),
    });
    json(res, 201, { sid, status: 'queued', to, from: form.get('From'), body: form.get('Body') });
  });
  /** The status report Twilio would send for the message `sid`: where, its signature, its body. */
  function statusReport(sid: string, status: string, errorCode?: string) {
    const message = messages.find((m) => m.sid === sid);
    if (!message?.statusCallback) throw new Error(`message ${sid} asked for no status reports`);
    const params: Record<string, string> = {
      AccountSid: options.accountSid,
      MessageSid: sid,
      SmsSid: sid,
      MessageStatus: status,
      SmsStatus: status,
      To: message.to,
      From: message.from,
      ApiVersion: '2010-04-01',
      ...(errorCode ? { ErrorCode: errorCode } : {}),
    };
    const signed = Object.keys(params)
      .sort()
      .reduce((s, k) => s + k + params[k], message.statusCallback);
    return {
      url: message.statusCallback,
      signature: createHmac('sha1', options.authToken).update(signed, 'utf8').digest('base64'),
      body: new URLSearchParams(params).toString(),
    };
  }
  return { ...fake, messages, statusReport };
}

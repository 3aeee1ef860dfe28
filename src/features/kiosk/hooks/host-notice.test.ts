// The result screen says what is true about the host notification.
import { describe, expect, it } from 'vitest';
import { resultNotices } from './result-notices';

const host = (online: boolean, status?: string, answer?: 'coming' | 'wait') =>
  resultNotices({ online, hostName: 'Hannah Host', outputs: [], host: status ? { status, answer } : undefined })[0]!
    .key;

describe('the host notice on the result screen', () => {
  it('promises a later message while the kiosk is offline and nothing was sent', () => {
    expect(host(false, 'queued')).toBe('kioskOffline.hostLater');
  });
  it('says "telling" until the server reports it sent, then "told"', () => {
    expect(host(true, 'queued')).toBe('notifications.kiosk.sending');
    expect(host(true, 'sending')).toBe('notifications.kiosk.sending');
    expect(host(true, 'sent')).toBe('kiosk.result.hostNotified');
    expect(host(false, 'sent')).toBe('kiosk.result.hostNotified');
  });
  it("shows the host's answer and a failure", () => {
    expect(host(true, 'acknowledged', 'coming')).toBe('notifications.kiosk.coming');
    expect(host(true, 'acknowledged', 'wait')).toBe('notifications.kiosk.wait');
    expect(host(true, 'failed')).toBe('notifications.kiosk.failed');
  });
});

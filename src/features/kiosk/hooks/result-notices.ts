// What the result screen may promise the visitor. Offline nothing has reached the host or the
// door yet, so the kiosk says it will happen once it is back online.
export interface Notice {
  key: string;
  params?: Record<string, string>;
}

/** The host notification as the server last reported it: its summary status and,
 * once the host answered from their link, the answer. */
export interface HostNotice {
  status: string;
  answer?: 'coming' | 'wait' | null;
}

function hostNotice(online: boolean, host: string, n: HostNotice | undefined): Notice {
  if (n?.status === 'acknowledged' && n.answer) return { key: `notifications.kiosk.${n.answer}`, params: { host } };
  if (n?.status === 'sent' || n?.status === 'delivered' || n?.status === 'acknowledged')
    return { key: 'kiosk.result.hostNotified', params: { host } };
  if (!online) return { key: 'kioskOffline.hostLater', params: { host } };
  if (n?.status === 'failed') return { key: 'notifications.kiosk.failed', params: { host } };
  // Online, but the server has not said it went: say what is true.
  return n
    ? { key: 'notifications.kiosk.sending', params: { host } }
    : { key: 'kiosk.result.hostNotified', params: { host } };
}

export function resultNotices(o: {
  online: boolean;
  hostName: string | null;
  outputs: readonly string[];
  host?: HostNotice;
}): Notice[] {
  const notices: Notice[] = [];
  if (o.hostName) notices.push(hostNotice(o.online, o.hostName, o.host));
  for (const output of o.outputs) {
    if (output === 'print_badge') continue;
    notices.push({ key: o.online ? `kiosk.output.${output}` : `kioskOffline.output.${output}` });
  }
  return notices;
}

/** People with a sign-in or sign-out still in the outbox: what a visitor means by "waiting". */
export function peopleWaiting(rows: ReadonlyArray<{ name: string; args: unknown }>): number {
  const people = new Set<string>();
  for (const r of rows) {
    if (r.name !== 'kiosk.journey' && r.name !== 'kiosk.signOut') continue;
    const id = (r.args as { personId?: unknown } | null)?.personId;
    if (typeof id === 'string') people.add(id);
  }
  return people.size;
}

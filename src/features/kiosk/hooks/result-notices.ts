// What the result screen may promise the visitor. Offline nothing has reached the host or the
// door yet, so the kiosk says it will happen once it is back online (issue 20 item 3).
export interface Notice {
  key: string;
  params?: Record<string, string>;
}

export function resultNotices(o: { online: boolean; hostName: string | null; outputs: readonly string[] }): Notice[] {
  const notices: Notice[] = [];
  if (o.hostName)
    notices.push(
      o.online
        ? { key: 'kiosk.result.hostNotified', params: { host: o.hostName } }
        : { key: 'kioskOffline.hostLater', params: { host: o.hostName } },
    );
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

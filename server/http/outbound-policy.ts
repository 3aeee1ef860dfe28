// Which addresses an outbound request (server/http/outbound.ts) may reach. With the guard on
// (NODE_ENV=production, or OUTBOUND_GUARD=on for tests and staging) loopback, link-local,
// private (RFC 1918, ULA, CGNAT), unspecified, multicast and reserved addresses are refused,
// whatever spelling reached them (127.1, 2130706433, 0x7f000001 and [::ffff:127.0.0.1] are all
// 127.0.0.1 once parsed), unless the operator lists the host or a CIDR in OUTBOUND_ALLOW
// (comma-separated, e.g. `net2.school.local,10.20.0.0/16,fd00::/8`).
import { BlockList, isIP } from 'node:net';

/** Address ranges no outbound request reaches while the guard is on. */
const REFUSED: [string, number, 'ipv4' | 'ipv6'][] = [
  ['0.0.0.0', 8, 'ipv4'], // unspecified / "this network"
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'], // CGNAT
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'], // link-local (cloud metadata lives here)
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'], // multicast
  ['240.0.0.0', 4, 'ipv4'], // reserved and broadcast
  ['::', 96, 'ipv6'], // unspecified, ::1 and the old IPv4-compatible form
  ['64:ff9b::', 96, 'ipv6'], // NAT64: reaches the IPv4 address inside
  ['fc00::', 7, 'ipv6'], // ULA
  ['fe80::', 10, 'ipv6'], // link-local
  ['ff00::', 8, 'ipv6'], // multicast
];

const refused = new BlockList();
for (const [net, prefix, type] of REFUSED) refused.addSubnet(net, prefix, type);

export interface OutboundPolicy {
  /** False outside production unless OUTBOUND_GUARD=on: local fakes on 127.0.0.1 work. */
  guard: boolean;
  /** Host names the operator allows whatever they resolve to (lower-case, no trailing dot). */
  hosts: Set<string>;
  /** Addresses and CIDRs the operator allows. */
  allowed: BlockList;
  /** A key that changes when the policy does (connection pools are kept per policy). */
  key: string;
}

export const bareHost = (hostname: string) =>
  hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();

/** Read at call time, so a test (or an operator's restart) changes it. */
export function outboundPolicy(env: NodeJS.ProcessEnv = process.env): OutboundPolicy {
  const guard = env.NODE_ENV === 'production' || env.OUTBOUND_GUARD === 'on';
  const raw = env.OUTBOUND_ALLOW ?? '';
  const hosts = new Set<string>();
  const allowed = new BlockList();
  for (const entry of raw
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const [address, prefix] = entry.split('/');
    const family = isIP(bareHost(address!));
    if (!family) hosts.add(bareHost(entry));
    else if (prefix === undefined) allowed.addAddress(bareHost(address!), family === 4 ? 'ipv4' : 'ipv6');
    else allowed.addSubnet(bareHost(address!), Number(prefix), family === 4 ? 'ipv4' : 'ipv6');
  }
  return { guard, hosts, allowed, key: `${guard}|${raw}` };
}

/** Whether a request may connect to this address (already resolved) for this host name. */
export function addressAllowed(policy: OutboundPolicy, hostname: string, address: string): boolean {
  if (!policy.guard || policy.hosts.has(bareHost(hostname))) return true;
  const family = isIP(address);
  if (!family) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  return policy.allowed.check(address, type) || !refused.check(address, type);
}

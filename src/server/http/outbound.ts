// The outbound-address guard: every request our server makes to an address a member gave (their WebDAV drive,
// through our relay, since most drives send no CORS headers; a Web Push endpoint) goes through here. That must
// not become a way into our own network: every connection is checked where it is made, after the name is
// resolved, so a name that resolves (or later re-resolves, or redirects) to a loopback, private, link-local or
// otherwise special address is refused.
// Self-hosted setups and the tests can allow private addresses (ALLOW_PRIVATE_ADDRESSES).
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Duplex } from 'node:stream';

export class AddressNotAllowedError extends Error {
  readonly code = 'EADDRNOTALLOWED';
  constructor(readonly address: string) {
    super(`address not allowed: ${address}`);
  }
}

const BLOCKED = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv4');
}
// The IPv6 ranges that carry or reach an IPv4 address (IPv4-compatible ::/96, which also holds :: and ::1;
// NAT64; 6to4; Teredo) are refused whole, whatever IPv4 address they embed: picking the embedded address
// out of each encoding is easy to get wrong, and no member's drive has a reason to live there, so even the
// form of a public IPv4 address is refused (fail closed). IPv4-mapped addresses are the exception, below.
for (const [network, prefix] of [
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['::ffff:0:0:0', 96],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:0:0/96), in any notation, else null. */
function mappedIPv4(address: string): string | null {
  let text = address.replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groups = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const before = groups(head);
  const after = tail === undefined ? [] : groups(tail);
  const all = [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
  if (all.slice(0, 5).some((group) => group !== 0) || all[5] !== 0xffff) return null;
  const [high, low] = [all[6]!, all[7]!];
  return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
}

/** Whether the relay may connect to this address (an IPv4 or IPv6 literal). */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    // A dual-stack socket reaches an IPv4-mapped address over IPv4, so it is judged as that IPv4 address,
    // whether written ::ffff:127.0.0.1 or ::ffff:7f00:1 (URL parsing turns the first into the second).
    const mapped = mappedIPv4(address);
    if (mapped !== null) return isPublicAddress(mapped);
    return !BLOCKED.check(address, 'ipv6');
  }
  return !BLOCKED.check(address, 'ipv4');
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

function guardedLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '');
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused) return callback(new AddressNotAllowedError(refused.address), '');
    if (options.all) return callback(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
}

export interface DriveAgents {
  httpAgent: http.Agent;
  httpsAgent: https.Agent;
}

/**
 * Agents for the relay's outgoing connections: addresses checked at connect time (unless private ones are
 * allowed), and a socket that stays silent for `idleMs` is destroyed so a stalled drive cannot hold a
 * request open forever.
 */
export function driveAgents(options: { allowPrivate: boolean; idleMs: number; ca?: string }): DriveAgents {
  const prepare = (connectOptions: net.NetConnectOpts & { host?: string }) => {
    const host = connectOptions.host ?? '';
    if (!options.allowPrivate) {
      if (net.isIP(host) && !isPublicAddress(host)) throw new AddressNotAllowedError(host);
      return { ...connectOptions, lookup: guardedLookup };
    }
    return connectOptions;
  };
  const watch = (socket: Duplex & { setTimeout?: (ms: number, callback: () => void) => void }) => {
    socket.setTimeout?.(options.idleMs, () =>
      socket.destroy(Object.assign(new Error('drive timed out'), { code: 'ETIMEDOUT' })),
    );
    return socket;
  };

  // The same guard on both agents (https.Agent is an http.Agent whose connections are TLS).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- TypeScript's mixin rule asks for any[]
  const guarded = <T extends new (...args: any[]) => http.Agent>(Base: T) =>
    class extends Base {
      override createConnection(
        connectOptions: net.NetConnectOpts,
        callback?: (error: Error | null, socket: Duplex) => void,
      ): Duplex {
        return watch(
          super.createConnection(prepare(connectOptions) as net.NetConnectOpts, callback) as Duplex,
        );
      }
    };
  const GuardedHttpAgent = guarded(http.Agent);
  const GuardedHttpsAgent = guarded(https.Agent);
  return {
    httpAgent: new GuardedHttpAgent({ keepAlive: false }),
    httpsAgent: new GuardedHttpsAgent({ keepAlive: false, ...(options.ca ? { ca: options.ca } : {}) }),
  };
}

/** Whether every address a host name resolves to (or the literal address itself) is public. */
export async function isPublicHost(hostname: string): Promise<boolean> {
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  if (net.isIP(host)) return isPublicAddress(host);
  try {
    const addresses = await dns.promises.lookup(host, { all: true });
    return addresses.length > 0 && addresses.every((entry) => isPublicAddress(entry.address));
  } catch {
    return false;
  }
}

import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { Agent } from 'undici';
import { ConnectorError } from './types';

/** Every address a host name has; tests pass their own to play a DNS server. */
export type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;

const systemResolve: Resolve = (host) => lookup(host, { all: true, verbatim: true });

/** The message an admin sees when a crawl aims at this machine or a private network. */
export const PRIVATE_ADDRESS_MESSAGE = 'This address is private or local, and crawling it is not allowed.';

/** IPv4 ranges that are not on the public internet: [first address, prefix length]. */
const PRIVATE_V4: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // "this network", including 0.0.0.0
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, including the broadcast address
];

function v4ToInt(address: string): number {
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

const PRIVATE_V4_RANGES = PRIVATE_V4.map(([base, prefix]) => {
  const size = 2 ** (32 - prefix);
  const start = v4ToInt(base);
  return { start, end: start + size - 1 };
});

function isPrivateV4Int(n: number): boolean {
  return PRIVATE_V4_RANGES.some((r) => n >= r.start && n <= r.end);
}

/** The 16 bytes of an IPv6 address, or null when it is not one. Accepts a trailing dotted IPv4 part. */
export function ipv6Bytes(address: string): number[] | null {
  let text = address.replace(/%.*$/, ''); // zone id, as in fe80::1%eth0
  if (isIP(text) !== 6) return null;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const n = v4ToInt(dotted[1]);
    text = `${text.slice(0, -dotted[1].length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...tailGroups];
  if (groups.length !== 8) return null;
  return groups.flatMap((g) => {
    const v = parseInt(g, 16);
    return [v >> 8, v & 0xff];
  });
}

function isPrivateV6(bytes: number[]): boolean {
  const b = (i: number) => bytes[i] ?? 0;
  const allZero = (from: number, to: number) => bytes.slice(from, to).every((x) => x === 0);
  const embeddedV4 = (at: number) => ((b(at) << 24) >>> 0) + (b(at + 1) << 16) + (b(at + 2) << 8) + b(at + 3);
  if (allZero(0, 15) && (b(15) === 0 || b(15) === 1)) return true; // :: and ::1
  if (allZero(0, 10) && b(10) === 0xff && b(11) === 0xff) return isPrivateV4Int(embeddedV4(12)); // ::ffff:a.b.c.d
  if (allZero(0, 12)) return isPrivateV4Int(embeddedV4(12)); // deprecated IPv4-compatible ::a.b.c.d
  // NAT64 64:ff9b::a.b.c.d reaches the embedded IPv4 address.
  if (b(0) === 0x00 && b(1) === 0x64 && b(2) === 0xff && b(3) === 0x9b && allZero(4, 12)) {
    return isPrivateV4Int(embeddedV4(12));
  }
  if (b(0) === 0x20 && b(1) === 0x02) return isPrivateV4Int(embeddedV4(2)); // 6to4 2002:a.b.c.d::/48
  if ((b(0) & 0xfe) === 0xfc) return true; // unique-local fc00::/7
  if (b(0) === 0xfe && (b(1) & 0xc0) === 0x80) return true; // link-local fe80::/10
  if (b(0) === 0xfe && (b(1) & 0xc0) === 0xc0) return true; // old site-local fec0::/10
  if (b(0) === 0xff) return true; // multicast ff00::/8
  if (b(0) === 0x20 && b(1) === 0x01 && b(2) === 0x0d && b(3) === 0xb8) return true; // documentation
  if (b(0) === 0x01 && allZero(1, 8)) return true; // discard-only 100::/64
  return false;
}

/** True when an IP address (v4 or v6 text) is loopback, private, link-local, multicast or otherwise not public. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare.replace(/%.*$/, ''));
  if (family === 4) return isPrivateV4Int(v4ToInt(bare));
  if (family === 6) {
    const bytes = ipv6Bytes(bare);
    return bytes === null || isPrivateV6(bytes);
  }
  return true; // not an address at all: refuse rather than guess
}

/**
 * Resolves the URL's host name (every address it has) and refuses it when any address is loopback,
 * private, link-local, carrier-grade NAT, unique-local, unspecified or multicast, unless
 * `allowPrivate` (CRAWL_ALLOW_PRIVATE). One private address is enough to refuse: the connection
 * could use any of them.
 *
 * This early check gives a clear refusal before any request; what closes DNS rebinding (a name
 * that resolves to a public address here and to a private one a moment later) is the connection's
 * own lookup, checked again by `guardedDispatcher`.
 */
export async function assertPublicAddress(
  url: URL,
  allowPrivate: boolean,
  resolve: Resolve = systemResolve,
): Promise<void> {
  if (allowPrivate) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!host) throw new ConnectorError('The address has no host name.');
  let addresses: string[];
  if (isIP(host)) {
    addresses = [host];
  } else {
    try {
      addresses = (await resolve(host)).map((a) => a.address);
    } catch {
      throw new ConnectorError(`The site's address (${host}) could not be found.`);
    }
  }
  if (addresses.length === 0) throw new ConnectorError(`The site's address (${host}) could not be found.`);
  if (addresses.some(isPrivateAddress)) throw new ConnectorError(PRIVATE_ADDRESS_MESSAGE);
}

/**
 * A `lookup` for net.connect that refuses private addresses: the socket connects only to an
 * address that passed the guard, since it is this very answer it connects to. Node calls it with
 * `all: true` when it tries several addresses (autoSelectFamily), else for one address.
 */
export function guardedLookup(allowPrivate: boolean, resolve: Resolve = systemResolve): LookupFunction {
  return (host, options, callback) => {
    resolve(host)
      .then((found) => {
        const wanted = options.family ? found.filter((a) => a.family === options.family) : found;
        const [first] = wanted;
        if (!first) throw new ConnectorError(`The site's address (${host}) could not be found.`);
        if (!allowPrivate && wanted.some((a) => isPrivateAddress(a.address))) {
          throw new ConnectorError(PRIVATE_ADDRESS_MESSAGE);
        }
        if (options.all) callback(null, wanted);
        else callback(null, first.address, first.family);
      })
      .catch((error: unknown) => {
        callback(error instanceof Error ? error : new Error(String(error)), '', 0);
      });
  };
}

/**
 * What Node's own fetch takes as `dispatcher`. Node's fetch is undici; its type declarations
 * (undici-types) and those of the undici package differ only in FormData's iterator helpers, so
 * the package's Agent is given that type once, here. (Under the DOM's RequestInit, which the
 * tests' tsconfig sees, there is no such field and this is `object`.)
 */
export type FetchDispatcher = RequestInit extends { dispatcher?: infer D } ? NonNullable<D> : object;

const dispatchers = new Map<string, FetchDispatcher>();
const customDispatchers = new WeakMap<Resolve, Map<boolean, FetchDispatcher>>();

/**
 * The undici dispatcher the crawler's requests go through (fetch's `dispatcher` option): its
 * connections resolve names with `guardedLookup`. One per setting, kept for the process, so
 * keep-alive connections are reused across requests as the global dispatcher would.
 */
export function guardedDispatcher(allowPrivate: boolean, resolve?: Resolve): FetchDispatcher {
  const make = () =>
    new Agent({ connect: { lookup: guardedLookup(allowPrivate, resolve) } }) as unknown as FetchDispatcher;
  if (!resolve) {
    const key = String(allowPrivate);
    let agent = dispatchers.get(key);
    if (!agent) dispatchers.set(key, (agent = make()));
    return agent;
  }
  let byFlag = customDispatchers.get(resolve);
  if (!byFlag) customDispatchers.set(resolve, (byFlag = new Map<boolean, FetchDispatcher>()));
  let agent = byFlag.get(allowPrivate);
  if (!agent) byFlag.set(allowPrivate, (agent = make()));
  return agent;
}

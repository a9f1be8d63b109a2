import proxyAddr from '@fastify/proxy-addr';

/** TRUST_PROXY as read: a number of proxy hops (any address), or the proxies' own addresses. */
export type ProxyTrust = number | readonly string[];

/** Whether the peer at `hop` (0: the one connected) is a proxy whose forwarded headers count. */
export type TrustsProxy = (address: string, hop: number) => boolean;

/**
 * The trust function of a TRUST_PROXY setting, as Fastify's `trustProxy` takes it: a hop count
 * trusts that many peers whatever their address; a list (addresses, CIDR ranges, or
 * `loopback`, `linklocal`, `uniquelocal`) trusts only peers on it. False when none is trusted.
 */
export function trustFunction(setting: ProxyTrust): TrustsProxy | false {
  if (typeof setting === 'number') return setting > 0 ? (_address, hop) => hop < setting : false;
  return setting.length ? proxyAddr.compile([...setting]) : false;
}

/**
 * Said at start when a hop count trusts any address and the server listens beyond this machine:
 * anyone reaching the port directly could then claim any client address in X-Forwarded-For (and
 * so escape the sign-in and registration limits), or another scheme in X-Forwarded-Proto.
 */
export function proxyTrustWarning(setting: ProxyTrust, host: string): string | null {
  if (typeof setting !== 'number' || setting === 0) return null;
  const local = /^(127\.|::1$|localhost$|\[::1\]$)/.test(host);
  if (local) return null;
  return (
    `TRUST_PROXY=${setting} believes X-Forwarded-For from any address, and the server listens on ${host}: ` +
    'anyone who reaches this port directly can claim any client address. Set TRUST_PROXY to the ' +
    "proxy's address (for example 127.0.0.1 or 10.0.0.0/8), or listen on 127.0.0.1 (HOST)."
  );
}

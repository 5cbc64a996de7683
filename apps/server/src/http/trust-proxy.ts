import { isIP } from 'node:net';

/** Fastify's `trustProxy`: off, a hop count, or the addresses (and CIDR ranges) of trusted proxies. */
export type TrustProxy = false | number | string[];

/** Names proxy-addr (Fastify's helper) understands for the usual private ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * Reads TRUST_PROXY: empty or `false` trusts no proxy (X-Forwarded-For is ignored), a whole number
 * trusts that many hops in front of the server, anything else is a comma list of proxy addresses or
 * CIDR ranges. Returns a message for a value that is none of these.
 */
export function parseTrustProxy(value: string): TrustProxy | { error: string } {
  const text = value.trim();
  if (text === '' || text === 'false') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops >= 1 && hops <= 32 ? hops : { error: 'a hop count is between 1 and 32' };
  }
  const entries = text.split(',').map((e) => e.trim());
  const bad = entries.find((e) => !isAddressOrRange(e));
  if (bad !== undefined)
    return { error: `"${bad}" is not an IP address, a CIDR range, loopback, linklocal or uniquelocal` };
  return entries;
}

/**
 * The option as Fastify takes it. Fastify ignores a bare hop count (it cannot check the peer), so the
 * count becomes proxy-addr's rule: the nearest `hops` addresses are proxies, the next one is the client.
 */
export function fastifyTrustProxy(
  tp: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof tp === 'number' ? (_address, hop) => hop < tp : tp;
}

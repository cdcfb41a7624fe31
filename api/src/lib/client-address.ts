import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { isIP } from 'node:net';

/** Used when the socket's address is unknown (an in-process `app.request` in tests). */
export const UNKNOWN_ADDRESS = 'unknown';

/** `::ffff:10.0.0.1` and `10.0.0.1` are one client. */
function normalize(address: string): string {
  const trimmed = address.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  return (mapped?.[1] ?? trimmed).toLowerCase();
}

/**
 * The client's address from the socket and, only when the socket's peer is a trusted
 * proxy, from X-Forwarded-For: walking it from the right, the first entry that is not
 * itself a trusted proxy. Entries further left were written by the client and may be forged.
 */
export function resolveClientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  trustedProxies: readonly string[],
): string {
  if (!socketAddress) return UNKNOWN_ADDRESS;
  const peer = normalize(socketAddress);
  const trusted = new Set(trustedProxies.map(normalize));
  if (!trusted.has(peer) || !forwardedFor) return peer;
  const hops = forwardedFor
    .split(',')
    .map(normalize)
    .filter((hop) => hop !== '');
  for (let index = hops.length - 1; index >= 0; index -= 1) {
    const hop = hops[index] as string;
    if (trusted.has(hop)) continue;
    // A trusted proxy writes real addresses; anything else means the header is not usable.
    return isIP(hop) !== 0 ? hop : peer;
  }
  // Every hop is a trusted proxy: the left-most one is the closest we know to the client.
  return hops[0] ?? peer;
}

/** The socket's remote address, or undefined when the request did not come through a socket. */
function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/** The client address of a request (see `resolveClientAddress`). */
export function getClientAddress(c: Context, trustedProxies: readonly string[]): string {
  return resolveClientAddress(socketAddress(c), c.req.header('X-Forwarded-For'), trustedProxies);
}

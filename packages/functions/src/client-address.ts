// The client's address, which the per-network abuse limits count by: the one place both Cloud
// Functions and the local API host derive it, so they count alike.
import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';

/**
 * How many X-Forwarded-For entries, counted from the right, the platform's own front end writes: in
 * Cloud Functions (Cloud Run) Google's front end appends the address it received the connection
 * from and then its own. Entries further left are whatever the client sent, which anyone can forge,
 * so they are never read. A deployment behind a load balancer of its own has more hops to trust.
 */
export const FRONT_END_HOPS = 2;

export interface ClientRequest {
  headers: IncomingHttpHeaders;
  socket: { remoteAddress?: string | undefined };
}

/**
 * The X-Forwarded-For entry `trustedHops` from the right (the leftmost the front end wrote), or the
 * connection's own address when no hop is trusted (0: nothing stands in front of the host), when
 * the header has fewer entries than the front end writes, or when that entry is not an address.
 */
export function clientAddress({ headers, socket }: ClientRequest, trustedHops: number): string | undefined {
  const connection = socket.remoteAddress;
  const header = headers['x-forwarded-for'];
  // Several header lines are one list, in the order they came.
  const forwarded = Array.isArray(header) ? header.join(',') : header;
  if (trustedHops < 1 || !forwarded) return connection;
  const entries = forwarded.split(',').map((entry) => entry.trim());
  const entry = entries[entries.length - trustedHops];
  return entry && isIP(entry) ? entry : connection;
}

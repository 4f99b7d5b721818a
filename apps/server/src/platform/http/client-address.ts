import type { IncomingMessage } from 'node:http';

/**
 * The client's address behind trusted reverse proxies (TRUST_PROXY), as Fastify's request.ip computes
 * it for HTTP: walk from the socket's peer back through X-Forwarded-For while each hop is a trusted
 * proxy; the first untrusted one is the client. Without trusted proxies it is the socket's peer, so
 * a client cannot pick its own address (and sign-in throttle bucket) with a forged header.
 */
export function clientAddress(request: IncomingMessage, trusted: (address: string) => boolean): string {
  const peer = request.socket.remoteAddress ?? '';
  const header = request.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((hop) => hop.trim())
    .filter((hop) => hop !== '');
  let address = peer;
  while (trusted(address) && forwarded.length > 0) address = forwarded.pop() as string;
  return address;
}

import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface SecurityHeaderOptions {
  /** The mod_verto WebSocket URL browsers connect to (FS_VERTO_URL), when FreeSWITCH is the exchange. */
  vertoUrl?: string;
}

// A Host header as browsers send it: a name or IPv4 address, or a bracketed IPv6 one, and a port.
const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** scheme://host[:port] of a URL, or null when it is not one. */
function originOf(url: string): string | null {
  try {
    const { protocol, host } = new URL(url);
    return host ? `${protocol}//${host}` : null;
  } catch {
    return null;
  }
}

/** Where the page may connect: its origin, its own WebSocket endpoints (/ws, /verto) and the verto URL. */
function connectSources(request: FastifyRequest, vertoOrigin: string | null): string {
  const sources = ["'self'"];
  // 'self' does not cover ws:/wss: in every browser (Safari), so the socket's origin is named.
  if (HOST.test(request.host))
    sources.push(`${request.protocol === 'https' ? 'wss' : 'ws'}://${request.host}`);
  if (vertoOrigin) sources.push(vertoOrigin);
  return sources.join(' ');
}

/**
 * The Content-Security-Policy of one answer. Scripts come only from this origin; `<style>` elements
 * (antd writes its CSS at run time) need the page's nonce; style attributes stay allowed, which
 * antd's components set (a textarea's measured height) and which cannot run code.
 */
export function contentSecurityPolicy(
  request: FastifyRequest,
  vertoOrigin: string | null,
  styleNonce: string | undefined,
): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self'${styleNonce ? ` 'nonce-${styleNonce}'` : ''}`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    `connect-src ${connectSources(request, vertoOrigin)}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const styleNonces = new WeakMap<FastifyReply, string>();

/** A fresh nonce for the inline styles of this answer (an HTML page); its policy allows it. */
export function styleNonceFor(reply: FastifyReply): string {
  const nonce = randomBytes(16).toString('base64');
  styleNonces.set(reply, nonce);
  return nonce;
}

/** At most this many hosts' policies are kept: the Host header is the client's to choose. */
const CACHED_HOSTS = 64;

/**
 * The policy of answers without a style nonce (all but HTML pages), built once per protocol and host.
 * Building it per answer showed in the hot paths' tails (user info, issue 13).
 */
export function createPolicyCache(vertoOrigin: string | null) {
  const policies = new Map<string, string>();
  return {
    policyFor(request: FastifyRequest, styleNonce: string | undefined): string {
      if (styleNonce) return contentSecurityPolicy(request, vertoOrigin, styleNonce);
      const key = `${request.protocol} ${request.host}`;
      let policy = policies.get(key);
      if (policy === undefined) {
        policy = contentSecurityPolicy(request, vertoOrigin, undefined);
        if (policies.size >= CACHED_HOSTS) policies.clear();
        policies.set(key, policy);
      }
      return policy;
    },
    /** How many policies are kept (tests). */
    get size() {
      return policies.size;
    },
  };
}

/**
 * Puts the browser security headers on every answer (pages, files, API, errors): the CSP, no framing,
 * no MIME sniffing, a same-origin referrer, and HSTS on HTTPS. A header a route set itself (e.g. a
 * stricter policy on a downloaded file) is left as it is. Answers `forBrowser` rejects (FreeSWITCH's
 * /fs/*: XML for a machine) get none of them.
 */
export function installSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeaderOptions = {},
  forBrowser: (request: FastifyRequest) => boolean = () => true,
): void {
  const policies = createPolicyCache(options.vertoUrl ? originOf(options.vertoUrl) : null);
  app.addHook('onSend', (request, reply, payload, done) => {
    if (forBrowser(request)) {
      byDefault(reply, 'Content-Security-Policy', policies.policyFor(request, styleNonces.get(reply)));
      byDefault(reply, 'X-Frame-Options', 'DENY');
      byDefault(reply, 'X-Content-Type-Options', 'nosniff');
      byDefault(reply, 'Referrer-Policy', 'same-origin');
      // Only over HTTPS: on plain HTTP the header is ignored, and it would pin a name to HTTPS too early.
      if (request.protocol === 'https') byDefault(reply, 'Strict-Transport-Security', 'max-age=31536000');
    }
    done(null, payload);
  });
}

/** Sets a header unless the route set its own. */
function byDefault(reply: FastifyReply, name: string, value: string): void {
  if (!reply.hasHeader(name)) reply.header(name, value);
}

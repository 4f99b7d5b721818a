/** An API endpoint: method and path under /api (Fastify-style `:param` placeholders). */
export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** Menu variant(s) the caller must be allowed to use (menu.ts); absent = any signed-in user. */
  variants?: readonly number[];
  /** Reachable without a session. */
  public?: boolean;
}

/** The API prefix every endpoint lives under. */
export const API_PREFIX = '/api';

export const endpoints = {
  health: { method: 'GET', path: '/health', public: true },
  login: { method: 'POST', path: '/login', public: true },
  logout: { method: 'GET', path: '/logout' },
  userInfo: { method: 'GET', path: '/v1/user/info/:username' },
  userSave: { method: 'POST', path: '/v1/user' },
  softphoneConnection: { method: 'GET', path: '/v1/softphone/connection' },
  extensionList: { method: 'GET', path: '/v1/extension/:domainUuid', variants: [8120] },
} as const satisfies Record<string, Endpoint>;

/** Fills `:param` placeholders (URL-encoded) and prefixes /api. */
export function apiPath(endpoint: Pick<Endpoint, 'path'>, params: Record<string, string> = {}): string {
  const filled = endpoint.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
  return API_PREFIX + filled;
}

/** GET /health: whether the server is up, which exchange it drives, and whether demo data is loaded. */
export interface Health {
  status: 'ok';
  telephony: 'sandbox' | 'freeswitch';
  /** True when the demo tenant exists: the login page then lists the demo sign-ins. */
  demo: boolean;
}

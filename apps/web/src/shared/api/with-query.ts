import type { Endpoint } from '@tsunagu/contract/api';

/** The endpoint with a query string on its path (the client fills only `:param` placeholders). */
export function withQuery<E extends Endpoint>(endpoint: E, query: Record<string, string | number>): E {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  return { ...endpoint, path: `${endpoint.path}?${search.toString()}` };
}

import { authEndpoints, type Health } from '@tsunagu/contract/endpoints/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from './client';

/** GET /health: up, which exchange ('sandbox' is labelled in the header), and whether demo data is loaded. */
export function getHealth(): Promise<Health> {
  return fetchData(authEndpoints.health);
}

export const healthQueryOptions = queryOptions({
  queryKey: ['health'],
  queryFn: getHealth,
  staleTime: Infinity,
  // Only labels depend on it; a failure shows nothing rather than an alert.
  meta: { handlesErrors: true },
});

/** The server's health, fetched once per page load. */
export function useHealth() {
  return useQuery(healthQueryOptions);
}

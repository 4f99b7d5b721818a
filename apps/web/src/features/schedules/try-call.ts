import { endpoints } from '@tsunagu/contract/api';
import type { TryCallQuery, TryCallResult } from '@tsunagu/contract/schedule/try-call';
import { useQuery } from '@tanstack/react-query';
import { fetchData } from '../../shared/api/client';
import { useDomainUuid } from '../../shared/pbx/pbx-query';
import { schedulesKey } from './get-schedules';

/** GET /v1/timeCondition/tryCall/{domainUuid}: what an outside call would do at the date and time. */
export function getTryCall(
  domainUuid: string,
  query: TryCallQuery,
  signal?: AbortSignal,
): Promise<TryCallResult> {
  return fetchData(endpoints.timeConditionTryCall, { params: { domainUuid }, query, signal });
}

/** The answer to the question asked (none until asked); under the schedules' key, so a save asks again. */
export function useTryCall(query: TryCallQuery | null) {
  const domainUuid = useDomainUuid();
  return useQuery({
    queryKey: [...schedulesKey(domainUuid), 'try-call', query],
    queryFn: ({ signal }) => getTryCall(domainUuid, query as TryCallQuery, signal),
    enabled: query !== null,
    retry: false,
    meta: { handlesErrors: true },
  });
}

/**
 * The tenant's incoming numbers to suggest; the destinations menu may be hidden from this user, so a
 * refusal only leaves the list empty (a number can still be typed).
 */
export function useIncomingNumbers() {
  const domainUuid = useDomainUuid();
  return useQuery({
    queryKey: [...schedulesKey(domainUuid), 'incoming-numbers'],
    queryFn: async ({ signal }) => {
      const data = await fetchData(endpoints.destinationList, { params: { domainUuid }, signal });
      return data.list.map((d) => d.destinationNumber);
    },
    retry: false,
    meta: { handlesErrors: true },
  });
}

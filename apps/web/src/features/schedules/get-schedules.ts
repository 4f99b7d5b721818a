import { endpoints } from '@tsunagu/contract/api';
import type { ListData } from '@tsunagu/contract/pbx/shared';
import type { Dialplan } from '@tsunagu/contract/schedule/schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../shared/api/client';
import { pbxKeys, useDomainUuid } from '../../shared/pbx/pbx-query';

/** GET /v1/timeCondition/{domainUuid}: the schedules with their conditions, by name. */
export function getSchedules(domainUuid: string, signal?: AbortSignal): Promise<ListData<Dialplan>> {
  return fetchData(endpoints.timeConditionList, { params: { domainUuid }, signal });
}

/** Under the tenant's root key, so that any PBX change elsewhere refreshes it too. */
export const schedulesKey = (domainUuid: string) => [...pbxKeys.tenant(domainUuid), 'schedules'] as const;

export const schedulesQuery = (domainUuid: string) =>
  queryOptions({
    queryKey: schedulesKey(domainUuid),
    queryFn: ({ signal }) => getSchedules(domainUuid, signal),
  });

/** The tenant's business-hours schedules. */
export function useSchedules() {
  return useQuery(schedulesQuery(useDomainUuid()));
}

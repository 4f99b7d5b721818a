import { endpoints } from '@tsunagu/contract/api';
import type { RingGroup } from '@tsunagu/contract/pbx/ring-group';
import type { ListData } from '@tsunagu/contract/pbx/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../shared/api/client';
import { pbxKeys, useDomainUuid } from '../../shared/pbx/pbx-query';

/** GET /v1/ringGroup/{domainUuid}. */
export function getRingGroups(domainUuid: string, signal?: AbortSignal): Promise<ListData<RingGroup>> {
  return fetchData(endpoints.ringGroupList, { params: { domainUuid }, signal });
}

export const ringGroupsQuery = (domainUuid: string) =>
  queryOptions({
    queryKey: pbxKeys.list(domainUuid, 'ringGroups'),
    queryFn: ({ signal }) => getRingGroups(domainUuid, signal),
  });

/** The tenant's ring groups with their members. */
export function useRingGroups() {
  return useQuery(ringGroupsQuery(useDomainUuid()));
}

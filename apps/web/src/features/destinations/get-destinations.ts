import { endpoints } from '@tsunagu/contract/api';
import type { DestinationListData } from '@tsunagu/contract/pbx/destination';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../shared/api/client';
import { pbxKeys, useDomainUuid } from '../../shared/pbx/pbx-query';

/** GET /v1/destination/{domainUuid}: the numbers and the schedules they can follow. */
export function getDestinations(domainUuid: string, signal?: AbortSignal): Promise<DestinationListData> {
  return fetchData(endpoints.destinationList, { params: { domainUuid }, signal });
}

export const destinationsQuery = (domainUuid: string) =>
  queryOptions({
    queryKey: pbxKeys.list(domainUuid, 'destinations'),
    queryFn: ({ signal }) => getDestinations(domainUuid, signal),
  });

/** The tenant's incoming numbers with data.tcDialplanList. */
export function useDestinations() {
  return useQuery(destinationsQuery(useDomainUuid()));
}

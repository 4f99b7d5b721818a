import { endpoints } from '@tsunagu/contract/api';
import type { ListData } from '@tsunagu/contract/pbx/shared';
import type { SpeedDial } from '@tsunagu/contract/pbx/speed-dial';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../shared/api/client';
import { pbxKeys, useDomainUuid } from '../../shared/pbx/pbx-query';

/** GET /v1/common/speedDial/{domainUuid}. */
export function getSpeedDials(domainUuid: string, signal?: AbortSignal): Promise<ListData<SpeedDial>> {
  return fetchData(endpoints.speedDialList, { params: { domainUuid }, signal });
}

export const speedDialsQuery = (domainUuid: string) =>
  queryOptions({
    queryKey: pbxKeys.list(domainUuid, 'speedDials'),
    queryFn: ({ signal }) => getSpeedDials(domainUuid, signal),
  });

/** The tenant's speed dials. */
export function useSpeedDials() {
  return useQuery(speedDialsQuery(useDomainUuid()));
}

import { endpoints } from '@tsunagu/contract/api';
import type { InitData } from '@tsunagu/contract/pbx/routing-choices';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../api/client';
import { pbxKeys, useDomainUuid } from './pbx-query';

/** GET /v1/common/initData/{domainUuid}: the tenant's call targets (extensions, ring groups, IVR menus). */
export function getInitData(domainUuid: string, signal?: AbortSignal): Promise<InitData> {
  return fetchData(endpoints.initData, { params: { domainUuid }, signal });
}

export const initDataQuery = (domainUuid: string) =>
  queryOptions({
    queryKey: pbxKeys.list(domainUuid, 'initData'),
    queryFn: ({ signal }) => getInitData(domainUuid, signal),
  });

/** The tenant's call targets, for the destination selects. */
export function useInitData() {
  return useQuery(initDataQuery(useDomainUuid()));
}

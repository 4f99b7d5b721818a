import { endpoints } from '@tsunagu/contract/api';
import type { IvrMenu } from '@tsunagu/contract/pbx/ivr';
import type { ListData } from '@tsunagu/contract/pbx/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../shared/api/client';
import { pbxKeys, useDomainUuid } from '../../shared/pbx/pbx-query';

/** GET /v1/ivr/{domainUuid}. */
export function getIvrMenus(domainUuid: string, signal?: AbortSignal): Promise<ListData<IvrMenu>> {
  return fetchData(endpoints.ivrList, { params: { domainUuid }, signal });
}

export const ivrMenusQuery = (domainUuid: string) =>
  queryOptions({
    queryKey: pbxKeys.list(domainUuid, 'ivrMenus'),
    queryFn: ({ signal }) => getIvrMenus(domainUuid, signal),
  });

/** The tenant's IVR menus with their options. */
export function useIvrMenus() {
  return useQuery(ivrMenusQuery(useDomainUuid()));
}

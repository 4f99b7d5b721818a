import { endpoints } from '@tsunagu/contract/api';
import type { Extension } from '@tsunagu/contract/pbx/extension';
import type { ListData } from '@tsunagu/contract/pbx/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../shared/api/client';
import { pbxKeys, useDomainUuid } from '../../shared/pbx/pbx-query';

/** GET /v1/extension/{domainUuid}. */
export function getExtensions(domainUuid: string, signal?: AbortSignal): Promise<ListData<Extension>> {
  return fetchData(endpoints.extensionList, { params: { domainUuid }, signal });
}

export const extensionsQuery = (domainUuid: string) =>
  queryOptions({
    queryKey: pbxKeys.list(domainUuid, 'extensions'),
    queryFn: ({ signal }) => getExtensions(domainUuid, signal),
  });

/** The tenant's extensions. */
export function useExtensions() {
  return useQuery(extensionsQuery(useDomainUuid()));
}

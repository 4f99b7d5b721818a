import { authEndpoints } from '@tsunagu/contract/endpoints/auth';
import type { TenantDirectory } from '@tsunagu/contract/auth';
import { useQuery } from '@tanstack/react-query';
import { fetchData } from '../api/client';
import { useRefetchOnPbxChange } from '../realtime/refetch-on-pbx-change';
import { useUserInfo } from './session-store';

/** The query key of a tenant's directory. */
export const directoryKey = (domainUuid: string) => ['tenantDirectory', domainUuid] as const;

/**
 * The tenant's extensions, gateways and user groups (GET /v1/user/directory). Fetched once and kept; a
 * /topic/pbx message (the tenant's configuration changed) or a new real-time connection (a message may
 * have been missed) fetches it again, and the browser's cache revalidates it by its ETag (304).
 */
export function useTenantDirectoryQuery() {
  const { domainUuid } = useUserInfo().user;
  const queryKey = directoryKey(domainUuid);
  useRefetchOnPbxChange(domainUuid, queryKey);
  return useQuery({
    queryKey,
    queryFn: () => fetchData(authEndpoints.userDirectory, { params: { domainUuid } }),
    staleTime: Infinity,
  });
}

/** The tenant directory's data, undefined until it has arrived (see useTenantDirectoryQuery). */
export function useTenantDirectory(): TenantDirectory | undefined {
  return useTenantDirectoryQuery().data;
}

import { authEndpoints } from '@tsunagu/contract/endpoints/auth';
import type { TenantDirectory } from '@tsunagu/contract/auth';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchData } from '../api/client';
import { liveTopics } from '../realtime/live-topics';
import { useRealtimeConnected, useTopic } from '../realtime/realtime-session';
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
  const queryClient = useQueryClient();
  const queryKey = directoryKey(domainUuid);
  const refetch = () => void queryClient.invalidateQueries({ queryKey });
  useTopic(liveTopics.pbx(domainUuid), refetch);
  useRealtimeConnected(refetch);
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

import { useMutation, useQueryClient } from '@tanstack/react-query';
import '../api/query-meta';
import { useUserInfo } from '../session/session-store';

/** The tenant's PBX data the screens cache. */
export type PbxList =
  | 'extensions'
  | 'ringGroups'
  | 'ivrMenus'
  | 'destinations'
  | 'speedDials'
  | 'recordings'
  | 'initData'
  | 'schedules';

/** Query keys: one root per tenant, so that a change refreshes whatever depends on it. */
export const pbxKeys = {
  tenant: (domainUuid: string) => ['pbx', domainUuid] as const,
  list: (domainUuid: string, list: PbxList) => ['pbx', domainUuid, list] as const,
};

/** The signed-in user's tenant, which every PBX list is fetched for. */
export function useDomainUuid(): string {
  return useUserInfo().user.domainUuid;
}

/**
 * A PBX change. Its list takes the server's answer (`cached`, by default the answer itself; null/void
 * answers refetch the list), and every other list of the tenant is refreshed, since ring groups, IVRs
 * and extensions are each other's destinations. Failures are shown by the caller (useNotices).
 */
export function usePbxMutation<V, A>(
  list: PbxList,
  mutationFn: (variables: V) => Promise<A>,
  cached: (answer: A) => unknown = (answer) => answer,
) {
  const queryClient = useQueryClient();
  const domainUuid = useDomainUuid();
  return useMutation({
    mutationFn,
    meta: { handlesErrors: true },
    onSuccess: (answer) => {
      const data = cached(answer);
      if (data != null) queryClient.setQueryData(pbxKeys.list(domainUuid, list), data);
      return queryClient.invalidateQueries({
        queryKey: pbxKeys.tenant(domainUuid),
        predicate: (query) => data == null || query.queryKey[2] !== list,
      });
    },
  });
}

import { endpoints } from '@tsunagu/contract/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchData } from '../api/client';
import { useRefetchOnPbxChange } from '../realtime/refetch-on-pbx-change';

const key = (domainUuid: string) => ['doNotDisturb', domainUuid] as const;

/**
 * The tenant's extensions on do-not-disturb (GET /v1/user/doNotDisturb), read again whenever the
 * tenant's configuration changes (/topic/pbx: anyone's toggle, or an administrator's extension save)
 * and after each (re)connection of the socket, which may have missed one.
 */
export function useDoNotDisturbQuery(domainUuid: string) {
  useRefetchOnPbxChange(domainUuid, key(domainUuid));
  return useQuery({
    queryKey: key(domainUuid),
    queryFn: () => fetchData(endpoints.doNotDisturbList, { params: { domainUuid } }),
    meta: { handlesErrors: true },
  });
}

/** POST /v1/user/doNotDisturb: one's own extension on or off; the answer is the tenant's list now. */
export function useSetDoNotDisturb(domainUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) =>
      fetchData(endpoints.doNotDisturbSet, { body: { doNotDisturb: on ? 'true' : 'false' } }),
    onSuccess: (list) => queryClient.setQueryData(key(domainUuid), list),
    meta: { handlesErrors: true },
  });
}

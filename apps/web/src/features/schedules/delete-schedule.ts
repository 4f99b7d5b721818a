import { endpoints } from '@tsunagu/contract/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchData } from '../../shared/api/client';
import '../../shared/api/query-meta';
import { pbxKeys, useDomainUuid } from '../../shared/pbx/pbx-query';
import { deleteQuery, type DeleteRequest } from '../../shared/pbx/usage';

/** DELETE /v1/timeCondition/{dialplanUuid}; refused while an incoming number uses the schedule, unless its references go with it. */
export async function deleteSchedule({ id, removeReferences }: DeleteRequest): Promise<void> {
  await fetchData(endpoints.timeConditionDelete, {
    query: deleteQuery(removeReferences),
    params: { dialplanUuid: id },
  });
}

/** Deletes a schedule, then reloads the tenant's lists; failures are shown by the caller (useNotices). */
export function useDeleteSchedule() {
  const queryClient = useQueryClient();
  const domainUuid = useDomainUuid();
  return useMutation({
    mutationFn: deleteSchedule,
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pbxKeys.tenant(domainUuid) }),
  });
}

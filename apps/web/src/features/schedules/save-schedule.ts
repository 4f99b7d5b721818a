import { endpoints } from '@tsunagu/contract/api';
import type { Dialplan } from '@tsunagu/contract/schedule/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchData } from '../../shared/api/client';
import '../../shared/api/query-meta';
import { pbxKeys, useDomainUuid } from '../../shared/pbx/pbx-query';
import { schedulesKey } from './get-schedules';

/**
 * POST /v1/timeCondition/save/: the whole schedule with its conditions (created when it has no dialplanUuid).
 * Answers the schedule's id (new ones get theirs here) and the reloaded list.
 */
export function saveSchedule(schedule: Dialplan) {
  return fetchData(endpoints.timeConditionSave, { body: schedule });
}

/**
 * Saves a schedule; the list takes the server's answer and the tenant's other lists refresh (the
 * incoming-number screen offers the schedules). Failures are shown by the caller (useNotices).
 */
export function useSaveSchedule() {
  const queryClient = useQueryClient();
  const domainUuid = useDomainUuid();
  return useMutation({
    mutationFn: saveSchedule,
    meta: { handlesErrors: true },
    onSuccess: ({ list }) => {
      queryClient.setQueryData(schedulesKey(domainUuid), { list });
      return queryClient.invalidateQueries({
        queryKey: pbxKeys.tenant(domainUuid),
        predicate: (query) => query.queryKey[2] !== 'schedules',
      });
    },
  });
}

import { endpoints } from '@tsunagu/contract/api';
import type { ChosenUserStatus, UserStatus, UserStatusEntry } from '@tsunagu/contract/user-status';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchData } from '../api/client';
import { liveTopics } from '../realtime/live-topics';
import { useRealtimeConnected, useTopic } from '../realtime/realtime-session';

const key = (domainUuid: string) => ['userStatus', domainUuid] as const;

const upsert = (list: readonly UserStatusEntry[], entries: readonly UserStatusEntry[]) => {
  const changed = new Set(entries.map((e) => e.userUuid));
  return [...list.filter((s) => !changed.has(s.userUuid)), ...entries];
};

/**
 * The tenant's stored statuses by user (GET /v1/user/status), each /topic/userStatus message updating
 * those it names; read again after each (re)connection of the socket, which may have missed some.
 */
export function useUserStatuses(domainUuid: string): ReadonlyMap<string, UserStatus> {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: key(domainUuid),
    queryFn: () => fetchData(endpoints.userStatusList, { params: { domainUuid } }),
    meta: { handlesErrors: true },
  });
  useTopic(liveTopics.userStatus(domainUuid), (entries) =>
    queryClient.setQueryData<UserStatusEntry[]>(key(domainUuid), (list = []) => upsert(list, entries)),
  );
  useRealtimeConnected(() => void queryClient.invalidateQueries({ queryKey: key(domainUuid) }));
  return new Map((query.data ?? []).map((s) => [s.userUuid, s.status]));
}

/** POST /v1/user/status: the user's own choice. */
export function useChooseStatus(domainUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: ChosenUserStatus) => fetchData(endpoints.userStatusSet, { body: { status } }),
    onSuccess: (entry) =>
      queryClient.setQueryData<UserStatusEntry[]>(key(domainUuid), (list = []) => upsert(list, [entry])),
  });
}

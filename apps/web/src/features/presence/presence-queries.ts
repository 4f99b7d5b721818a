import { endpoints } from '@tsunagu/contract/api';
import { applyLoginUsers, type DeskPhoneState, type LoginUser } from '@tsunagu/contract/realtime';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { callApi, fetchData } from '../../shared/api/client';
import { liveTopics } from '../../shared/realtime/live-topics';
import { useRealtimeConnected, useTopic } from '../../shared/realtime/realtime-session';

const keys = {
  loginUsers: (domainUuid: string) => ['presence', 'loginUsers', domainUuid] as const,
  callState: (domainUuid: string) => ['presence', 'callState', domainUuid] as const,
  deskPhones: (domainUuid: string) => ['presence', 'deskPhones', domainUuid] as const,
  softphones: (domainUuid: string) => ['presence', 'softphones', domainUuid] as const,
};

/**
 * The tenant's logged-in users. /topic/loginUser sends the whole list on every (re)subscription and
 * then only the changes, so the list is fetched (GET /v1/user/loginUsers) only by the refresh button.
 */
export function useLoginUsers(domainUuid: string) {
  const queryClient = useQueryClient();
  const key = keys.loginUsers(domainUuid);
  const query = useQuery({
    queryKey: key,
    queryFn: () => fetchData(endpoints.loginUsers, { params: { domainUuid } }),
    enabled: false,
    meta: { handlesErrors: true },
  });
  useTopic(liveTopics.loginUser(domainUuid), (message) =>
    queryClient.setQueryData<LoginUser[]>(key, (list = []) => applyLoginUsers(list, message)),
  );
  return query;
}

/**
 * The tenant's desk phones and whether each is registered (GET /v1/user/deskPhones), each
 * /topic/deskPhone message updating its phone; read again after each (re)connection of the socket.
 */
export function useDeskPhones(domainUuid: string) {
  const queryClient = useQueryClient();
  const key = keys.deskPhones(domainUuid);
  const query = useQuery({
    queryKey: key,
    queryFn: () => fetchData(endpoints.deskPhones, { params: { domainUuid } }),
    meta: { handlesErrors: true },
  });
  useTopic(liveTopics.deskPhone(domainUuid), (phone) =>
    queryClient.setQueryData<DeskPhoneState[]>(key, (list = []) => [
      ...list.filter((p) => p.extension !== phone.extension),
      phone,
    ]),
  );
  useRealtimeConnected(() => void queryClient.invalidateQueries({ queryKey: key }));
  return query;
}

/**
 * The tenant's extensions whose softphone is signed in to the exchange (GET /v1/user/softphones), kept
 * by /topic/softphone and read again after each (re)connection of the socket.
 */
export function useSoftphones(domainUuid: string) {
  const queryClient = useQueryClient();
  const key = keys.softphones(domainUuid);
  const query = useQuery({
    queryKey: key,
    queryFn: () => fetchData(endpoints.softphones, { params: { domainUuid } }),
    meta: { handlesErrors: true },
  });
  useTopic(liveTopics.softphone(domainUuid), (phone) =>
    queryClient.setQueryData<string[]>(key, (list = []) => [
      ...list.filter((extension) => extension !== phone.extension),
      ...(phone.ready ? [phone.extension] : []),
    ]),
  );
  useRealtimeConnected(() => void queryClient.invalidateQueries({ queryKey: key }));
  return query;
}

/** The tenant's channels (GET /v1/call/callState), fetched again whenever /topic/callState says they changed. */
export function useCallState(domainUuid: string) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: keys.callState(domainUuid),
    queryFn: () => fetchData(endpoints.callState, { params: { domainUuid } }),
    meta: { handlesErrors: true },
  });
  const onChange = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: keys.callState(domainUuid) }),
    [queryClient, domainUuid],
  );
  useTopic(liveTopics.callState(domainUuid), onChange);
  useRealtimeConnected(onChange);
  return query;
}

/** The occupied park slots from /topic/park; null until the first message. */
export function useParkTopic(domainName: string): ReadonlySet<number> | null {
  const [slots, setSlots] = useState<ReadonlySet<number> | null>(null);
  useTopic(liveTopics.park(domainName), setSlots);
  return slots;
}

/** POST /v1/user/forceLogout: ends every session of a colleague (tenant administrators). */
export function useForceLogout() {
  return useMutation({
    mutationFn: (userUuid: string) => callApi(endpoints.forceLogout, { body: { userUuid } }),
  });
}

import { endpoints } from '@tsunagu/contract/api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { fetchData } from '../../shared/api/client';
import { liveTopics } from '../../shared/realtime/live-topics';
import { useRealtimeConnected, useTopic } from '../../shared/realtime/realtime-session';

/** After a burst of live events, one fetch this much later. */
const SETTLE_MS = 1_000;
/** Calls end without a topic of their own: the figures are read again at least this often. */
const REFRESH_MS = 60_000;

/** GET /v1/dashboard, read again shortly after the tenant's calls, statuses or recalls change. */
export function useDashboard(domainUuid: string, domainName: string) {
  const queryClient = useQueryClient();
  const key = ['dashboard', domainUuid];
  const query = useQuery({
    queryKey: key,
    queryFn: () => fetchData(endpoints.dashboard, { params: { domainUuid } }),
    refetchInterval: REFRESH_MS,
    // The page shows its own alert; a dialog over the whole console would be too loud for a figure.
    meta: { handlesErrors: true },
  });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const soon = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void queryClient.invalidateQueries({ queryKey: key }), SETTLE_MS);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  useTopic(liveTopics.callState(domainUuid), soon);
  useTopic(liveTopics.userStatus(domainUuid), soon);
  useTopic(liveTopics.recall(domainUuid), soon);
  useTopic(liveTopics.park(domainName), soon);
  useRealtimeConnected(soon);
  return query;
}

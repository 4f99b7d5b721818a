import { endpoints } from '@tsunagu/contract/api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { occupiedSlots } from '../../phone/park';
import { fetchData } from '../../shared/api/client';
import { liveTopics } from '../../shared/realtime/live-topics';
import { useRealtimeConnected, useTopic } from '../../shared/realtime/realtime-session';

const callStateKey = (domainUuid: string) => ['softphone', 'callState', domainUuid] as const;

/**
 * The occupied park slots (spec 4 "Park slots"): the park topic's once one arrives, the call state's
 * valet_park channels until then (read again whenever the channels change).
 */
export function useParkSlots(domainUuid: string, domainName: string): ReadonlySet<number> {
  const queryClient = useQueryClient();
  const [topicSlots, setTopicSlots] = useState<ReadonlySet<number> | null>(null);
  const channels = useQuery({
    queryKey: callStateKey(domainUuid),
    queryFn: () => fetchData(endpoints.callState, { params: { domainUuid } }),
    meta: { handlesErrors: true },
  });
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: callStateKey(domainUuid) }),
    [queryClient, domainUuid],
  );
  useTopic(liveTopics.park(domainName), setTopicSlots);
  useTopic(liveTopics.callState(domainUuid), refresh);
  useRealtimeConnected(refresh);
  return occupiedSlots(channels.data ?? [], topicSlots);
}

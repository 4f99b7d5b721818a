import { endpoints } from '@tsunagu/contract/api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fetchData } from '../../shared/api/client';
import { liveTopics } from '../../shared/realtime/live-topics';
import { useRealtimeConnected, useTopic } from '../../shared/realtime/realtime-session';
import { patchShellState } from '../../shared/shell-state/shell-state';

/** GET /v1/cdr/recall/{domainUuid}: how many outside callers wait for a call back. */
export function getRecallCount(domainUuid: string): Promise<{ count: number }> {
  return fetchData(endpoints.recallCount, { params: { domainUuid } });
}

/** Feeds the header's recall badge: the count at sign-in and after a reconnect, and every /topic/recall update. */
export function useRecallFeed(domainUuid: string): void {
  const queryClient = useQueryClient();
  const queryKey = ['recall', domainUuid];
  const { data, error } = useQuery({
    queryKey,
    queryFn: () => getRecallCount(domainUuid),
    // A badge: a failure leaves it as it is rather than interrupting the user with an alert.
    meta: { handlesErrors: true },
  });
  useEffect(() => {
    if (data) patchShellState({ recallCnt: data.count });
  }, [data]);
  useEffect(() => {
    if (error) console.error('recall count', error);
  }, [error]);
  useTopic(liveTopics.recall(domainUuid), (count) => patchShellState({ recallCnt: count }));
  // A count published while the socket was down is read again after a reconnect.
  useRealtimeConnected(() => void queryClient.invalidateQueries({ queryKey }));
}

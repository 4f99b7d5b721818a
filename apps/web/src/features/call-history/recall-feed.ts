import { endpoints } from '@tsunagu/contract/api';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fetchData } from '../../shared/api/client';
import { liveTopics } from '../../shared/realtime/live-topics';
import { useTopic } from '../../shared/realtime/realtime-session';
import { patchShellState } from '../../shared/shell-state/shell-state';

/** GET /v1/cdr/recall/{domainUuid}: how many outside callers wait for a call back. */
export function getRecallCount(domainUuid: string): Promise<{ count: number }> {
  return fetchData(endpoints.recallCount, { params: { domainUuid } });
}

/**
 * Feeds the header's recall badge: the count read once at sign-in, then /topic/recall, which sends the
 * count on every (re)subscription and afterwards only when it changes.
 */
export function useRecallFeed(domainUuid: string): void {
  const { data, error } = useQuery({
    queryKey: ['recall', domainUuid],
    queryFn: () => getRecallCount(domainUuid),
    staleTime: Infinity,
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
}

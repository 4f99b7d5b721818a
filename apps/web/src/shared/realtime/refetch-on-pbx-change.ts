import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { liveTopics } from './live-topics';
import { useRealtimeConnected, useTopic } from './realtime-session';

/**
 * Reads a query of the tenant's configuration again when it changes (/topic/pbx) and after each
 * (re)connection of the socket, which may have missed a message.
 */
export function useRefetchOnPbxChange(domainUuid: string, queryKey: QueryKey): void {
  const queryClient = useQueryClient();
  const refetch = () => void queryClient.invalidateQueries({ queryKey });
  useTopic(liveTopics.pbx(domainUuid), refetch);
  useRealtimeConnected(refetch);
}

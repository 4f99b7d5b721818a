import { useEffect } from 'react';
import { useRecallFeed } from '../../features/call-history/recall-feed';
import { useChatFeed } from '../../features/chat/chat-feed';
import { connectRealtime } from '../../shared/realtime/realtime-session';

/**
 * While the shell is open: the session's real-time socket (which also carries the forced logout)
 * and the feeds of the header's recall and chat badges. Renders nothing.
 */
export function LiveUpdates({ userUuid, domainUuid }: { userUuid: string; domainUuid: string }) {
  useEffect(() => connectRealtime(), []);
  useRecallFeed(domainUuid);
  useChatFeed(userUuid);
  return null;
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { liveTopics } from '../../shared/realtime/live-topics';
import { useRealtimeConnected, useTopic } from '../../shared/realtime/realtime-session';
import {
  countUnreadChat,
  getShellState,
  isChatVisible,
  patchShellState,
  useShellState,
} from '../../shared/shell-state/shell-state';
import { useTenantDirectory } from '../../shared/session/tenant-directory';
import { chatJa } from './chat.ja';
import { chatListQuery, markChatRead } from './chat-api';
import { announceChatMessage, closeChatNotifications } from './chat-notice';

const readChat = () => void markChatRead().catch((error: unknown) => console.error('chat read', error));

/**
 * Feeds the header's chat badge for the whole session (spec 4 "Chat"): the unread count at sign-in,
 * +1 for each new message while the chat tab is out of view, the server's count again after a
 * reconnect, and read on the server whenever the tab comes into view. Every new message reloads the list;
 * a colleague's message the user cannot see (chat tab closed, or the browser tab in the background)
 * also sounds and raises a system notification.
 */
export function useChatFeed(userUuid: string): void {
  const queryClient = useQueryClient();
  const { data } = useQuery(chatListQuery(userUuid));
  const seeded = useRef(false);
  useEffect(() => {
    if (!data || seeded.current) return;
    seeded.current = true;
    if (!isChatVisible(getShellState())) patchShellState({ chatCnt: data.unread });
  }, [data]);

  const visible = isChatVisible(useShellState());
  useEffect(() => {
    if (!visible) return;
    readChat();
    closeChatNotifications();
  }, [visible]);

  const directory = useTenantDirectory();
  const names = useRef(new Map<string, string>());
  useEffect(() => {
    const members = directory?.userGroup.commDetails.flatMap((group) => group.userList) ?? [];
    names.current = new Map(members.map((member) => [member.userUuid, member.userNm]));
  }, [directory]);

  const onChat = useCallback(
    (chatUuid: string) => {
      const { queryKey } = chatListQuery(userUuid);
      const inView = isChatVisible(getShellState());
      if (inView) readChat();
      else countUnreadChat();
      void queryClient.refetchQueries({ queryKey }).then(() => {
        if (inView && document.visibilityState === 'visible') return;
        const item = queryClient.getQueryData(queryKey)?.list.find((m) => m.chatUuid === chatUuid);
        if (item && item.userUuid !== userUuid)
          announceChatMessage(item, names.current.get(item.userUuid) ?? chatJa.unknownUser);
      });
    },
    [queryClient, userUuid],
  );
  useTopic(liveTopics.chat(userUuid), onChat);

  // Messages that came while the socket was down: the server's unread count says how many.
  const onReconnected = useCallback(async () => {
    const { queryKey } = chatListQuery(userUuid);
    await queryClient.refetchQueries({ queryKey });
    const list = queryClient.getQueryData(queryKey);
    if (list && seeded.current && !isChatVisible(getShellState())) patchShellState({ chatCnt: list.unread });
  }, [queryClient, userUuid]);
  useRealtimeConnected(() => void onReconnected());
}

import { endpoints } from '@tsunagu/contract/api';
import type { ChatList, ChatSend } from '@tsunagu/contract/chat';
import { queryOptions } from '@tanstack/react-query';
import { callApi, fetchData } from '../../shared/api/client';

/** GET /v1/chat/{userId}: the user's latest messages (oldest first) and the unread count. */
export function getChatList(userUuid: string): Promise<ChatList> {
  return fetchData(endpoints.chatList, { params: { userId: userUuid } });
}

export const chatListQuery = (userUuid: string) =>
  queryOptions({
    queryKey: ['chat', userUuid],
    queryFn: () => getChatList(userUuid),
    // The chat tab shows its own toast; the header badge just stays as it is.
    meta: { handlesErrors: true },
  });

/** POST /v1/chat/send. */
export async function sendChat(chat: ChatSend): Promise<void> {
  await callApi(endpoints.chatSend, { body: chat });
}

/** POST /v1/chat/read: everything received so far is read. */
export async function markChatRead(): Promise<void> {
  await callApi(endpoints.chatRead);
}

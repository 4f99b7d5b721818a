import type { DirectoryGroup } from '@tsunagu/contract/auth';
import type { ChatItem, ChatRecipient } from '@tsunagu/contract/chat';
import { dayjs } from '../../shared/dayjs';

/** A colleague one can write to: {id: userUuid, itemName: name, group: group name} (spec 3 "Chat message"). */
export type Recipient = Required<ChatRecipient>;

/** Everyone in the user's groups except the user, once each (under their first group). */
export function recipientsOf(groups: readonly DirectoryGroup[], selfUuid: string): Recipient[] {
  const seen = new Map<string, Recipient>();
  for (const group of groups) {
    for (const member of group.userList) {
      if (member.userUuid === selfUuid || seen.has(member.userUuid)) continue;
      seen.set(member.userUuid, { id: member.userUuid, itemName: member.userNm, group: group.commName });
    }
  }
  return [...seen.values()];
}

/** A message as the list shows it (spec 3 "As displayed"). */
export interface DisplayedMessage {
  chatUuid: string;
  action: 'send' | 'receive';
  message: string;
  /** HH:mm */
  time: string;
  /** Who it went to (sent) or who wrote it (received). */
  people: { id: string; name: string }[];
}

function parseRecipients(toUsers: string): ChatRecipient[] {
  try {
    const value: unknown = JSON.parse(toUsers);
    return Array.isArray(value) ? (value as ChatRecipient[]).filter((r) => typeof r?.id === 'string') : [];
  } catch {
    return [];
  }
}

/** The stored messages as sent ones (with their recipients) and received ones (with their sender). */
export function displayMessages(
  list: readonly ChatItem[],
  selfUuid: string,
  nameOf: (userUuid: string) => string,
): DisplayedMessage[] {
  return list.map((item) => {
    const sent = item.userUuid === selfUuid;
    const people = sent
      ? parseRecipients(item.toUsers).map((r) => ({ id: r.id, name: r.itemName || nameOf(r.id) }))
      : [{ id: item.userUuid, name: nameOf(item.userUuid) }];
    return {
      chatUuid: item.chatUuid,
      action: sent ? 'send' : 'receive',
      message: item.message,
      time: dayjs(item.createDate).format('HH:mm'),
      people,
    };
  });
}

import type { ChatItem } from '@tsunagu/contract/chat';
import { chatMessageTone, TonePlayer } from '../../phone/tones';
import { chatJa } from './chat.ja';
import { showSystemNotification } from '../../shared/notifications/system-notification';
import { showSidePanelTab } from '../../shared/shell-state/shell-state';

const t = chatJa;
/** A notification's text stops here; the chat tab shows the whole message. */
const BODY_MAX = 120;

let tones: TonePlayer | null = null;
const open = new Set<Notification>();

/**
 * Tells the user of a colleague's new message while the chat is out of sight (spec 2.4 "Chat tab",
 * issue 20): the chat sound and a system notification naming the sender; clicking it opens the chat
 * tab. One notification per sender (a newer message replaces the older one).
 */
export function announceChatMessage(item: ChatItem, senderName: string): void {
  tones ??= new TonePlayer();
  tones.play(chatMessageTone());
  const body = item.message.length > BODY_MAX ? `${item.message.slice(0, BODY_MAX)}…` : item.message;
  const notification = showSystemNotification(t.notificationTitle(senderName), {
    body,
    tag: `chat-${item.userUuid}`,
    onClick: () => showSidePanelTab('chat'),
  });
  if (!notification) return;
  open.add(notification);
  notification.addEventListener('close', () => open.delete(notification));
}

/** Closes every chat notification still shown: the chat came into view, so they are read. */
export function closeChatNotifications(): void {
  for (const notification of open) notification.close();
  open.clear();
}

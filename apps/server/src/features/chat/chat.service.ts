import { topics, type ChatList, type ChatRecipient } from '@tsunagu/contract';
import { Refusal } from '@tsunagu/contract/refusal';
import type { Auth } from '../../platform/auth/auth-context';
import type { Db } from '../../platform/db/client';
import { insertChat, latestChats, markRead, tenantUsers, unreadCount } from './chat.repository';

export interface ChatServiceDeps {
  db: Db;
  /** Publishes on the real-time bus (every server instance delivers to its subscribers). */
  publish: (topic: string, body: string) => void;
  now?: () => Date;
}

export function createChatService({ db, publish, now = () => new Date() }: ChatServiceDeps) {
  return {
    /** The caller's conversation: the latest messages sent or received, and the unread count. */
    async list(auth: Auth, userUuid: string): Promise<ChatList> {
      if (userUuid !== auth.userUuid) throw new Refusal('forbidden', 'forbidden');
      const [rows, unread] = await Promise.all([
        latestChats(db, auth.domainUuid, auth.userUuid),
        unreadCount(db, auth.domainUuid, auth.userUuid),
      ]);
      return { list: rows.map((r) => ({ ...r, createDate: r.createDate.toISOString() })), unread };
    },

    /** Stores a message to colleagues of the same tenant and tells each recipient. */
    async send(
      auth: Auth,
      chat: { chatUuid: string; userUuid: string; message: string; toUsers: ChatRecipient[] },
    ): Promise<void> {
      if (chat.userUuid !== auth.userUuid) throw new Refusal('forbidden', 'forbidden');
      const recipients = [...new Set(chat.toUsers.map((r) => r.id))];
      const known = await tenantUsers(db, auth.domainUuid, recipients);
      if (known.size !== recipients.length) throw new Refusal('invalid', 'chatUnknownRecipient');
      const stored = await db.transaction((tx) =>
        insertChat(
          tx,
          {
            chatUuid: chat.chatUuid,
            domainUuid: auth.domainUuid,
            userUuid: auth.userUuid,
            message: chat.message,
            toUsers: JSON.stringify(chat.toUsers),
            createDate: now(),
          },
          recipients,
        ),
      );
      if (stored) for (const userUuid of recipients) publish(topics.chat(userUuid), chat.chatUuid);
    },

    /** The chat tab was opened: everything received so far is read. */
    async read(auth: Auth): Promise<void> {
      await markRead(db, auth.userUuid, now());
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;

import { and, desc, eq, gt, inArray, ne, or, sql } from 'drizzle-orm';
import type { Conn } from '../../platform/db/client';
import { chatReads, chatRecipients, chats, users } from '../../platform/db/schema';

/** How many of the latest messages the chat tab shows. */
export const CHAT_HISTORY = 200;

/** Which of the given users belong to the tenant. */
export async function tenantUsers(conn: Conn, tenantUuid: string, userUuids: string[]): Promise<Set<string>> {
  const rows = await conn
    .select({ userUuid: users.userUuid })
    .from(users)
    .where(and(eq(users.domainUuid, tenantUuid), inArray(users.userUuid, userUuids)));
  return new Set(rows.map((r) => r.userUuid));
}

/** Stores a message and its recipients; false when the client's id was stored before (a resend). */
export async function insertChat(
  conn: Conn,
  chat: {
    chatUuid: string;
    domainUuid: string;
    userUuid: string;
    message: string;
    toUsers: string;
    createDate: Date;
  },
  recipients: string[],
): Promise<boolean> {
  const inserted = await conn
    .insert(chats)
    .values(chat)
    .onConflictDoNothing()
    .returning({ chatUuid: chats.chatUuid });
  if (inserted.length === 0) return false;
  await conn
    .insert(chatRecipients)
    .values(recipients.map((userUuid) => ({ chatUuid: chat.chatUuid, userUuid })));
  return true;
}

const involving = (userUuid: string) =>
  or(
    eq(chats.userUuid, userUuid),
    sql`EXISTS (SELECT 1 FROM chat_recipients r WHERE r.chat_uuid = ${chats.chatUuid} AND r.user_uuid = ${userUuid})`,
  );

/** The latest messages the user sent or received, oldest first. */
export async function latestChats(conn: Conn, tenantUuid: string, userUuid: string) {
  const rows = await conn
    .select({
      chatUuid: chats.chatUuid,
      userUuid: chats.userUuid,
      toUsers: chats.toUsers,
      message: chats.message,
      createDate: chats.createDate,
    })
    .from(chats)
    .where(and(eq(chats.domainUuid, tenantUuid), involving(userUuid)))
    .orderBy(desc(chats.createDate))
    .limit(CHAT_HISTORY);
  return rows.reverse();
}

/** Messages others sent the user after they last opened the chat tab. */
export async function unreadCount(conn: Conn, tenantUuid: string, userUuid: string): Promise<number> {
  const [row] = await conn
    .select({ n: sql<number>`count(*)::int` })
    .from(chats)
    .innerJoin(
      chatRecipients,
      and(eq(chatRecipients.chatUuid, chats.chatUuid), eq(chatRecipients.userUuid, userUuid)),
    )
    .leftJoin(chatReads, eq(chatReads.userUuid, userUuid))
    .where(
      and(
        eq(chats.domainUuid, tenantUuid),
        ne(chats.userUuid, userUuid),
        or(sql`${chatReads.readAt} IS NULL`, gt(chats.createDate, chatReads.readAt)),
      ),
    );
  return row?.n ?? 0;
}

export async function markRead(conn: Conn, userUuid: string, at: Date): Promise<void> {
  await conn
    .insert(chatReads)
    .values({ userUuid, readAt: at })
    .onConflictDoUpdate({ target: chatReads.userUuid, set: { readAt: at } });
}

import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Conn } from '../../platform/db/client';
import { domains, extensions, users, voicemailBoxes, voicemailMessages } from '../../platform/db/schema';
import type { VoicemailSettings } from '@tsunagu/contract';

/** The box a user owns: the extension assigned to them in the tenant, or null. */
export async function findOwnExtension(conn: Conn, tenantUuid: string, userUuid: string) {
  const [row] = await conn
    .select({ extensionUuid: extensions.extensionUuid, extension: extensions.extension })
    .from(users)
    .innerJoin(extensions, eq(extensions.extensionUuid, users.extensionUuid))
    .where(and(eq(users.userUuid, userUuid), eq(extensions.domainUuid, tenantUuid)));
  return row ?? null;
}

/** The tenant's extension by number, or null. */
export async function findExtensionByNumber(conn: Conn, tenantUuid: string, extension: string) {
  const [row] = await conn
    .select({ extensionUuid: extensions.extensionUuid, extension: extensions.extension })
    .from(extensions)
    .where(and(eq(extensions.domainUuid, tenantUuid), eq(extensions.extension, extension)));
  return row ?? null;
}

/** The extension's box row, or null when it was never saved (the defaults apply). */
export async function findBox(conn: Conn, tenantUuid: string, extensionUuid: string, lock = false) {
  const query = conn
    .select()
    .from(voicemailBoxes)
    .where(and(eq(voicemailBoxes.domainUuid, tenantUuid), eq(voicemailBoxes.extensionUuid, extensionUuid)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}
export type BoxRow = typeof voicemailBoxes.$inferSelect;

/** Saves the box's settings (creating its row the first time). */
export async function saveBoxSettings(
  conn: Conn,
  tenantUuid: string,
  extensionUuid: string,
  settings: VoicemailSettings,
): Promise<void> {
  const values = { ...settings, updatedAt: new Date() };
  await conn
    .insert(voicemailBoxes)
    .values({ extensionUuid, domainUuid: tenantUuid, ...values })
    .onConflictDoUpdate({ target: voicemailBoxes.extensionUuid, set: values });
}

/** Sets (or, with null, removes) the box's own greeting; a new greeting is the one the box plays. */
export async function saveBoxGreeting(
  conn: Conn,
  tenantUuid: string,
  extensionUuid: string,
  greeting: { storageName: string; fileName: string; sizeBytes: number } | null,
): Promise<void> {
  const now = new Date();
  const values = greeting
    ? {
        greetingStorageName: greeting.storageName,
        greetingFileName: greeting.fileName,
        greetingSizeBytes: greeting.sizeBytes,
        greetingUpdatedAt: now,
        ownGreeting: true,
        updatedAt: now,
      }
    : {
        greetingStorageName: null,
        greetingFileName: null,
        greetingSizeBytes: 0,
        greetingUpdatedAt: null,
        ownGreeting: false,
        updatedAt: now,
      };
  await conn
    .insert(voicemailBoxes)
    .values({ extensionUuid, domainUuid: tenantUuid, ...values })
    .onConflictDoUpdate({ target: voicemailBoxes.extensionUuid, set: values });
}

const messageColumns = {
  messageUuid: voicemailMessages.messageUuid,
  callerNumber: voicemailMessages.callerNumber,
  callerName: voicemailMessages.callerName,
  receivedAt: voicemailMessages.receivedAt,
  durationMs: voicemailMessages.durationMs,
  heardAt: voicemailMessages.heardAt,
  storageName: voicemailMessages.storageName,
};

/** The most messages a box lists (newest first). */
export const MESSAGE_LIST_LIMIT = 500;

const ofBox = (tenantUuid: string, extensionUuid: string) =>
  and(eq(voicemailMessages.domainUuid, tenantUuid), eq(voicemailMessages.extensionUuid, extensionUuid));

export function listMessages(conn: Conn, tenantUuid: string, extensionUuid: string) {
  return conn
    .select(messageColumns)
    .from(voicemailMessages)
    .where(ofBox(tenantUuid, extensionUuid))
    .orderBy(desc(voicemailMessages.receivedAt), desc(voicemailMessages.messageUuid))
    .limit(MESSAGE_LIST_LIMIT);
}

export async function countUnheard(conn: Conn, tenantUuid: string, extensionUuid: string): Promise<number> {
  const [row] = await conn
    .select({ count: sql<number>`count(*)::int` })
    .from(voicemailMessages)
    .where(and(ofBox(tenantUuid, extensionUuid), isNull(voicemailMessages.heardAt)));
  return Number(row?.count ?? 0);
}

export async function findMessage(
  conn: Conn,
  tenantUuid: string,
  extensionUuid: string,
  messageUuid: string,
) {
  const [row] = await conn
    .select(messageColumns)
    .from(voicemailMessages)
    .where(and(ofBox(tenantUuid, extensionUuid), eq(voicemailMessages.messageUuid, messageUuid)));
  return row ?? null;
}

/** Marks a message heard or new; false when the box has no such message. */
export async function setHeard(
  conn: Conn,
  tenantUuid: string,
  extensionUuid: string,
  messageUuid: string,
  heard: boolean,
): Promise<boolean> {
  const rows = await conn
    .update(voicemailMessages)
    .set({ heardAt: heard ? sql`coalesce(${voicemailMessages.heardAt}, now())` : null })
    .where(and(ofBox(tenantUuid, extensionUuid), eq(voicemailMessages.messageUuid, messageUuid)))
    .returning({ messageUuid: voicemailMessages.messageUuid });
  return rows.length > 0;
}

/** Deletes a message of the box; answers what it was (its file is the caller's to remove), or null. */
export async function deleteMessage(
  conn: Conn,
  tenantUuid: string,
  extensionUuid: string,
  messageUuid: string,
) {
  const [row] = await conn
    .delete(voicemailMessages)
    .where(and(ofBox(tenantUuid, extensionUuid), eq(voicemailMessages.messageUuid, messageUuid)))
    .returning({
      storageName: voicemailMessages.storageName,
      sourceId: voicemailMessages.sourceId,
      callerNumber: voicemailMessages.callerNumber,
      receivedAt: voicemailMessages.receivedAt,
    });
  return row ?? null;
}

/** Stores a message once (keyed on the engine's id); false when it was stored already. */
export async function insertMessage(
  conn: Conn,
  row: typeof voicemailMessages.$inferInsert,
): Promise<boolean> {
  const inserted = await conn
    .insert(voicemailMessages)
    .values(row)
    .onConflictDoNothing()
    .returning({ messageUuid: voicemailMessages.messageUuid });
  return inserted.length > 0;
}

/** The tenant and extension an engine names a box by (domain name, number), or null. */
export async function resolveBox(conn: Conn, domainName: string, extension: string) {
  const [row] = await conn
    .select({ domainUuid: domains.domainUuid, extensionUuid: extensions.extensionUuid })
    .from(domains)
    .innerJoin(extensions, eq(extensions.domainUuid, domains.domainUuid))
    .where(and(eq(domains.domainName, domainName), eq(extensions.extension, extension)));
  return row ?? null;
}

/** The users the extension is assigned to: they see its box and its badge. */
export async function usersOfExtension(conn: Conn, tenantUuid: string, extensionUuid: string) {
  const rows = await conn
    .select({ userUuid: users.userUuid })
    .from(users)
    .where(and(eq(users.domainUuid, tenantUuid), eq(users.extensionUuid, extensionUuid)));
  return rows.map((row) => row.userUuid);
}

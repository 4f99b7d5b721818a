import { and, asc, eq, sql } from 'drizzle-orm';
import type { Conn } from '../../platform/db/client';
import { extensions, users } from '../../platform/db/schema';

/** The numbers of the tenant's extensions on do-not-disturb, in number order. */
export async function listDoNotDisturb(conn: Conn, tenantUuid: string): Promise<string[]> {
  const rows = await conn
    .select({ extension: extensions.extension })
    .from(extensions)
    .where(and(eq(extensions.domainUuid, tenantUuid), eq(extensions.doNotDisturb, true)))
    .orderBy(sql`length(${extensions.extension})`, asc(extensions.extension));
  return rows.map((row) => row.extension);
}

/**
 * Sets do-not-disturb on the user's own extension in the tenant, locking its row; answers its number and
 * the value it had, or null when the user has no extension there.
 */
export async function setOwnDoNotDisturb(
  conn: Conn,
  tenantUuid: string,
  userUuid: string,
  on: boolean,
): Promise<{ extensionUuid: string; extension: string; was: boolean } | null> {
  const own = and(
    eq(extensions.domainUuid, tenantUuid),
    eq(
      extensions.extensionUuid,
      sql`(SELECT ${users.extensionUuid} FROM ${users} WHERE ${users.userUuid} = ${userUuid})`,
    ),
  );
  const [before] = await conn
    .select({
      extensionUuid: extensions.extensionUuid,
      extension: extensions.extension,
      was: extensions.doNotDisturb,
    })
    .from(extensions)
    .where(own)
    .for('update');
  if (!before) return null;
  if (before.was !== on) {
    await conn
      .update(extensions)
      .set({ doNotDisturb: on, updatedAt: new Date() })
      .where(eq(extensions.extensionUuid, before.extensionUuid));
  }
  return before;
}

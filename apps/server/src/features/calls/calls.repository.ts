import { and, eq } from 'drizzle-orm';
import type { Conn } from '../../platform/db/client';
import { domains, extensions, users } from '../../platform/db/schema';

export async function tenantByName(conn: Conn, domainName: string) {
  const [row] = await conn.select().from(domains).where(eq(domains.domainName, domainName));
  return row ?? null;
}

export async function domainNameOf(conn: Conn, tenantUuid: string): Promise<string | null> {
  const [row] = await conn
    .select({ name: domains.domainName })
    .from(domains)
    .where(eq(domains.domainUuid, tenantUuid));
  return row?.name ?? null;
}

/** The enabled users whose extension is the given number in the tenant (they all get its pop-ups). */
export async function usersOnExtension(conn: Conn, domainName: string, extension: string): Promise<string[]> {
  const rows = await conn
    .select({ userUuid: users.userUuid })
    .from(users)
    .innerJoin(extensions, eq(extensions.extensionUuid, users.extensionUuid))
    .innerJoin(domains, eq(domains.domainUuid, users.domainUuid))
    .where(
      and(eq(domains.domainName, domainName), eq(extensions.extension, extension), eq(users.enabled, true)),
    );
  return rows.map((r) => r.userUuid);
}

/** The user's own extension number, if extensionUuid is it. */
export async function ownExtension(conn: Conn, userUuid: string, extensionUuid: string) {
  const [row] = await conn
    .select({ extension: extensions.extension })
    .from(users)
    .innerJoin(extensions, eq(extensions.extensionUuid, users.extensionUuid))
    .where(and(eq(users.userUuid, userUuid), eq(users.extensionUuid, extensionUuid)));
  return row?.extension ?? null;
}

import { and, eq } from 'drizzle-orm';
import type { Conn } from '../../platform/db/client';
import { destinations, extensions, users } from '../../platform/db/schema';

/** The number of the user's own extension, or null. */
export async function ownExtensionNumber(conn: Conn, userUuid: string): Promise<string | null> {
  const [row] = await conn
    .select({ extension: extensions.extension })
    .from(users)
    .innerJoin(extensions, eq(extensions.extensionUuid, users.extensionUuid))
    .where(eq(users.userUuid, userUuid));
  return row?.extension ?? null;
}

/** True when the number is one of the tenant's incoming numbers. */
export async function isIncomingNumber(conn: Conn, tenantUuid: string, number: string): Promise<boolean> {
  const rows = await conn
    .select({ n: destinations.destinationNumber })
    .from(destinations)
    .where(and(eq(destinations.domainUuid, tenantUuid), eq(destinations.destinationNumber, number)));
  return rows.length > 0;
}

import { eq } from 'drizzle-orm';
import type { Conn } from '../../platform/db/client';
import { domains } from '../../platform/db/schema';

/** The uuid of the tenant whose FreeSWITCH domain is `domainName`, or null. */
export async function tenantUuidByName(conn: Conn, domainName: string): Promise<string | null> {
  const [row] = await conn
    .select({ uuid: domains.domainUuid })
    .from(domains)
    .where(eq(domains.domainName, domainName));
  return row?.uuid ?? null;
}

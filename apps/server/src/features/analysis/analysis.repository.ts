import { eq } from 'drizzle-orm';
import type { Conn } from '../../platform/db/client';
import { domains } from '../../platform/db/schema';

/** The tenant's domain name (the engines name tenants by it). */
export async function domainNameOf(conn: Conn, tenantUuid: string): Promise<string | null> {
  const [row] = await conn
    .select({ name: domains.domainName })
    .from(domains)
    .where(eq(domains.domainUuid, tenantUuid));
  return row?.name ?? null;
}

/** The tenant's time zone (days start at 00:00 there). */
export async function tenantTimeZone(conn: Conn, tenantUuid: string): Promise<string> {
  const [row] = await conn
    .select({ tz: domains.timeZone })
    .from(domains)
    .where(eq(domains.domainUuid, tenantUuid));
  return row?.tz ?? 'Asia/Tokyo';
}

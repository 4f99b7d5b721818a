import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Conn } from '../../platform/db/client';
import { cdrs, domains, extensions, users } from '../../platform/db/schema';

export type CdrRow = typeof cdrs.$inferSelect;

/** One page of an extension's call records, newest (or oldest) first, and the total count. */
export async function pageOfExtension(
  conn: Conn,
  tenantUuid: string,
  extensionUuid: string,
  page: { size: number; offset: number; newestFirst: boolean },
): Promise<{ rows: CdrRow[]; total: number }> {
  const where = and(eq(cdrs.domainUuid, tenantUuid), eq(cdrs.extensionUuid, extensionUuid));
  const [rows, [count]] = await Promise.all([
    conn
      .select()
      .from(cdrs)
      .where(where)
      .orderBy(page.newestFirst ? desc(cdrs.startStamp) : asc(cdrs.startStamp))
      .limit(page.size)
      .offset(page.offset),
    conn
      .select({ n: sql<number>`count(*)::int` })
      .from(cdrs)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** Names of the tenant's extensions among the given numbers. */
export async function extensionNames(
  conn: Conn,
  tenantUuid: string,
  numbers: string[],
): Promise<Map<string, string>> {
  if (numbers.length === 0) return new Map();
  const rows = await conn
    .select({ extension: extensions.extension, name: extensions.effectiveCallerIdName })
    .from(extensions)
    .where(and(eq(extensions.domainUuid, tenantUuid), inArray(extensions.extension, numbers)));
  return new Map(rows.map((r) => [r.extension, r.name]));
}

/** Stores a call record once: a second delivery of the same call leg changes nothing. */
export async function insertCdr(conn: Conn, row: typeof cdrs.$inferInsert): Promise<boolean> {
  const inserted = await conn
    .insert(cdrs)
    .values(row)
    .onConflictDoNothing({ target: [cdrs.domainUuid, cdrs.callUuid] })
    .returning({ cdrUuid: cdrs.cdrUuid });
  return inserted.length > 0;
}

/** The number of the extension, when the user owns it (null otherwise). */
export async function ownExtensionNumber(
  conn: Conn,
  tenantUuid: string,
  userUuid: string,
  extensionUuid: string,
) {
  const [row] = await conn
    .select({ extension: extensions.extension })
    .from(users)
    .innerJoin(extensions, eq(extensions.extensionUuid, users.extensionUuid))
    .where(
      and(
        eq(users.userUuid, userUuid),
        eq(users.domainUuid, tenantUuid),
        eq(users.extensionUuid, extensionUuid),
      ),
    );
  return row?.extension ?? null;
}

/**
 * Outside numbers waiting for a call back: a missed inbound call from the number (longer than 4 digits,
 * not anonymous) with no later outbound call to it and no later answered call from it.
 */
export async function recallCount(conn: Conn, tenantUuid: string): Promise<number> {
  const result = await conn.execute(sql`
    SELECT count(DISTINCT c.caller_id_number)::int AS n FROM cdrs c
    WHERE c.domain_uuid = ${tenantUuid} AND c.direction = 'inbound' AND c.billsec = 0
      AND length(c.caller_id_number) > 4 AND c.caller_id_number <> 'Anonymous'
      AND NOT EXISTS (
        SELECT 1 FROM cdrs l WHERE l.domain_uuid = c.domain_uuid AND l.start_stamp > c.start_stamp
          AND ((l.direction = 'outbound' AND l.destination_number = c.caller_id_number)
            OR (l.direction = 'inbound' AND l.billsec > 0 AND l.caller_id_number = c.caller_id_number)))`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

/** The tenant and (when it is one of the tenant's) the extension a call record names. */
export async function resolveCallOwner(conn: Conn, domainName: string, extension: string | null) {
  const [tenant] = await conn
    .select({ domainUuid: domains.domainUuid })
    .from(domains)
    .where(eq(domains.domainName, domainName));
  if (!tenant) return null;
  if (!extension) return { domainUuid: tenant.domainUuid, extensionUuid: null };
  const [own] = await conn
    .select({ extensionUuid: extensions.extensionUuid })
    .from(extensions)
    .where(and(eq(extensions.domainUuid, tenant.domainUuid), eq(extensions.extension, extension)));
  return { domainUuid: tenant.domainUuid, extensionUuid: own?.extensionUuid ?? null };
}

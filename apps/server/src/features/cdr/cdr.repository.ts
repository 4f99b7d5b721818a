import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Conn } from '../../platform/db/client';
import { preparedOn } from '../../platform/db/prepared';
import { cdrCounts, cdrs, domains, extensions, users } from '../../platform/db/schema';

export type CdrRow = typeof cdrs.$inferSelect;

const historyTotal = preparedOn((conn) =>
  conn
    .select({ calls: cdrCounts.calls })
    .from(cdrCounts)
    .where(
      and(
        eq(cdrCounts.domainUuid, sql.placeholder('tenant')),
        eq(cdrCounts.extensionUuid, sql.placeholder('extension')),
      ),
    )
    .prepare('cdr_history_total'),
);

/**
 * The rows of a page whose keys are read index-only from cdrs_history_idx (start_stamp DESC, cdr_uuid):
 * newest first follows the index forwards, oldest first backwards, so no sort and no heap read is spent
 * on the rows skipped. Ties on start_stamp are broken by cdr_uuid, the same order from either end.
 */
const historyRows = (newestFirst: boolean) =>
  preparedOn((conn) => {
    const keys = conn
      .select({ cdrUuid: cdrs.cdrUuid })
      .from(cdrs)
      .where(
        and(
          eq(cdrs.extensionUuid, sql.placeholder('extension')),
          eq(cdrs.domainUuid, sql.placeholder('tenant')),
        ),
      )
      .orderBy(...historyOrder(newestFirst))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
    return conn
      .select()
      .from(cdrs)
      .where(and(eq(cdrs.domainUuid, sql.placeholder('tenant')), inArray(cdrs.cdrUuid, keys)))
      .prepare(newestFirst ? 'cdr_history_newest' : 'cdr_history_oldest');
  });
const historyOrder = (newestFirst: boolean) =>
  newestFirst ? [desc(cdrs.startStamp), asc(cdrs.cdrUuid)] : [asc(cdrs.startStamp), desc(cdrs.cdrUuid)];
const historyNewest = historyRows(true);
const historyOldest = historyRows(false);

/** Compares rows in history order, newest first. */
const newestFirstOrder = (a: CdrRow, b: CdrRow) =>
  b.startStamp.getTime() - a.startStamp.getTime() ||
  (a.cdrUuid < b.cdrUuid ? -1 : a.cdrUuid > b.cdrUuid ? 1 : 0);

/**
 * One page of an extension's call records, newest (or oldest) first, and the total count.
 * The total is the extension's counter kept by triggers; the page is read from whichever end of the
 * history is nearer, so no request scans the whole history.
 */
export async function pageOfExtension(
  conn: Conn,
  tenantUuid: string,
  extensionUuid: string,
  page: { size: number; offset: number; newestFirst: boolean },
): Promise<{ rows: CdrRow[]; total: number }> {
  const [count] = await historyTotal(conn).execute({ tenant: tenantUuid, extension: extensionUuid });
  const total = count?.calls ?? 0;
  const window = pageWindow(total, page);
  if (!window) return { rows: [], total };
  const scan = page.newestFirst !== window.reversed ? historyNewest : historyOldest;
  const rows = await scan(conn).execute({
    tenant: tenantUuid,
    extension: extensionUuid,
    limit: window.limit,
    offset: window.offset,
  });
  rows.sort(newestFirstOrder);
  if (!page.newestFirst) rows.reverse();
  return { rows, total };
}

/**
 * Where a page lies when read from the nearer end of a history of `total` rows: the offset and limit in
 * the requested order, or (reversed) in the opposite order. Null when the page is past the end.
 */
export function pageWindow(
  total: number,
  page: { size: number; offset: number },
): { offset: number; limit: number; reversed: boolean } | null {
  if (page.offset >= total) return null;
  const limit = Math.min(page.size, total - page.offset);
  const fromOtherEnd = total - page.offset - limit;
  return fromOtherEnd < page.offset
    ? { offset: fromOtherEnd, limit, reversed: true }
    : { offset: page.offset, limit, reversed: false };
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

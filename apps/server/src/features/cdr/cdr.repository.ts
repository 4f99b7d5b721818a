import { aliasedTable, and, eq, inArray, sql } from 'drizzle-orm';
import type { Conn } from '../../platform/db/client';
import { keysetAfter, keysetOrderBy, readKeysetPage, type PageAnchor } from '../../platform/db/paging';
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

const historyColumns = { key: cdrs.startStamp, id: cdrs.cdrUuid };

/**
 * The bound row of a keyset read: the anchor's row, only if it is in this extension's history. It is
 * found by its primary key: `IS NOT DISTINCT FROM` (the same as `=` for the extension, never null here)
 * is no index condition, so the generic plan cannot look it up in cdrs_history_idx by (extension,
 * tenant) and scan the whole history's entries for its id (851 buffers at 1M calls, 59 by the key).
 */
const anchorRow = sql`SELECT anchor.start_stamp, anchor.cdr_uuid FROM cdrs anchor
  WHERE anchor.cdr_uuid = ${sql.placeholder('after')} AND anchor.domain_uuid = ${sql.placeholder('tenant')}
    AND anchor.extension_uuid IS NOT DISTINCT FROM ${sql.placeholder('extension')}`;

/**
 * A local call's other party in the tenant (cdrDialNumber of the contract, for a local call): the
 * destination when the extension called, else the caller. Its name comes with the page's rows.
 */
const colleague = aliasedTable(extensions, 'colleague');
const colleagueOf = and(
  eq(cdrs.direction, 'local'),
  eq(colleague.domainUuid, cdrs.domainUuid),
  eq(
    colleague.extension,
    sql`CASE WHEN ${cdrs.callerIdNumber} = ${sql.placeholder('ownNumber')} THEN ${cdrs.destinationNumber} ELSE ${cdrs.callerIdNumber} END`,
  ),
);

/**
 * The rows of a page, each with its colleague's name for a local call. Their keys are read index-only
 * from cdrs_history_idx (extension, tenant, start_stamp, cdr_uuid), walked forwards or backwards, from
 * an end or from the anchor's row: only the rows of the page (and the few pages between the anchor and
 * it) are touched, however long the history.
 */
const historyRows = (descending: boolean, fromAnchor: boolean) =>
  preparedOn((conn) => {
    const own = and(
      eq(cdrs.extensionUuid, sql.placeholder('extension')),
      eq(cdrs.domainUuid, sql.placeholder('tenant')),
    );
    const keys = conn
      .select({ cdrUuid: cdrs.cdrUuid })
      .from(cdrs)
      .where(fromAnchor ? and(own, keysetAfter(historyColumns, descending, anchorRow)) : own)
      .orderBy(...keysetOrderBy(historyColumns, descending))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
    return conn
      .select({ cdr: cdrs, colleague: colleague.effectiveCallerIdName })
      .from(cdrs)
      .leftJoin(colleague, colleagueOf)
      .where(and(eq(cdrs.domainUuid, sql.placeholder('tenant')), inArray(cdrs.cdrUuid, keys)))
      .prepare(`cdr_history_${descending ? 'desc' : 'asc'}${fromAnchor ? '_anchor' : ''}`);
  });
/** The four page reads (exported for the test that reads their plans). */
export const historyScans = {
  desc: historyRows(true, false),
  asc: historyRows(false, false),
  descAnchor: historyRows(true, true),
  ascAnchor: historyRows(false, true),
};

/** A row of a history page: the call record and, for a local call, the colleague's name (if known). */
export interface HistoryRow {
  cdr: CdrRow;
  colleague: string | null;
}

/** Compares rows in history order, newest first (the index's order read backwards). */
const newestFirstOrder = ({ cdr: a }: HistoryRow, { cdr: b }: HistoryRow) =>
  b.startStamp.getTime() - a.startStamp.getTime() ||
  (a.cdrUuid < b.cdrUuid ? 1 : a.cdrUuid > b.cdrUuid ? -1 : 0);

/**
 * One page of an extension's call records, newest (or oldest) first, and the total count. The total is
 * the extension's counter kept by triggers; the page is read by keyset from the anchor the client sent
 * or from the nearer end of the history (platform/db/paging.ts), so no request scans the history.
 */
export async function pageOfExtension(
  conn: Conn,
  tenantUuid: string,
  extension: OwnExtension,
  page: HistoryPage,
): Promise<{ rows: HistoryRow[]; total: number }> {
  const [count] = await historyTotal(conn).execute({ tenant: tenantUuid, extension: extension.uuid });
  const total = count?.calls ?? 0;
  return { rows: await historyPage(conn, tenantUuid, extension, total, page), total };
}

/** The extension whose history is read: its id and its number (which side of a local call it is). */
export interface OwnExtension {
  uuid: string;
  number: string;
}

export interface HistoryPage {
  page: number;
  size: number;
  newestFirst: boolean;
  anchor: PageAnchor | null;
}

/** The rows of one page of a history whose total is known (see pageOfExtension). */
export async function historyPage(
  conn: Conn,
  tenantUuid: string,
  extension: OwnExtension,
  total: number,
  page: HistoryPage,
): Promise<HistoryRow[]> {
  return readKeysetPage(total, page, page.anchor, async (plan) => {
    const descending = page.newestFirst !== plan.reversed;
    const scan = plan.after
      ? descending
        ? historyScans.descAnchor
        : historyScans.ascAnchor
      : descending
        ? historyScans.desc
        : historyScans.asc;
    const found = await scan(conn).execute({
      tenant: tenantUuid,
      extension: extension.uuid,
      ownNumber: extension.number,
      limit: plan.limit,
      offset: plan.offset,
      ...(plan.after ? { after: plan.after } : {}),
    });
    found.sort(newestFirstOrder);
    return page.newestFirst ? found : found.reverse();
  });
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

/**
 * The extension's number and its history's total, when the user owns the extension (null otherwise):
 * one statement, the first of every history page.
 */
const ownHistoryQuery = preparedOn((conn) =>
  conn
    .select({ extension: extensions.extension, calls: cdrCounts.calls })
    .from(users)
    .innerJoin(extensions, eq(extensions.extensionUuid, users.extensionUuid))
    .leftJoin(
      cdrCounts,
      and(eq(cdrCounts.domainUuid, users.domainUuid), eq(cdrCounts.extensionUuid, extensions.extensionUuid)),
    )
    .where(
      and(
        eq(users.userUuid, sql.placeholder('user')),
        eq(users.domainUuid, sql.placeholder('tenant')),
        eq(users.extensionUuid, sql.placeholder('extension')),
      ),
    )
    .prepare('cdr_own_history'),
);

export async function ownHistory(
  conn: Conn,
  tenantUuid: string,
  userUuid: string,
  extensionUuid: string,
): Promise<{ extension: string; total: number } | null> {
  const [row] = await ownHistoryQuery(conn).execute({
    user: userUuid,
    tenant: tenantUuid,
    extension: extensionUuid,
  });
  return row ? { extension: row.extension, total: row.calls ?? 0 } : null;
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

import type { AuditEntry } from '@tsunagu/contract/audit';
import type { PageSort } from '@tsunagu/contract/paging';
import { and, eq, gte, lt, sql, sum, type SQL } from 'drizzle-orm';
import type { Conn } from '../../platform/db/client';
import { pageOrder } from '../../platform/db/paging';
import { auditCounts, auditLog, domains } from '../../platform/db/schema';

const SORT_COLUMNS = {
  createdAt: auditLog.createdAt,
  username: auditLog.username,
  action: auditLog.action,
  ip: auditLog.ip,
};

export interface AuditFilter {
  /** One tenant, or null for every tenant (a provider's view). */
  tenantUuid: string | null;
  username?: string;
  action?: string;
  from?: string;
  to?: string;
}

function conditions(filter: AuditFilter): SQL | undefined {
  return and(
    filter.tenantUuid === null ? undefined : eq(auditLog.domainUuid, filter.tenantUuid),
    filter.username ? eq(auditLog.username, filter.username) : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.from ? gte(auditLog.createdAt, new Date(filter.from)) : undefined,
    filter.to ? lt(auditLog.createdAt, new Date(filter.to)) : undefined,
  );
}

/** Entries matching the filter in the sort's order (audit_id breaks ties), with their tenant's name. */
export async function auditRows(
  conn: Conn,
  filter: AuditFilter,
  sort: PageSort<keyof typeof SORT_COLUMNS>,
  window: { limit: number; offset: number },
): Promise<AuditEntry[]> {
  const rows = await conn
    .select({ entry: auditLog, domainName: domains.domainName })
    .from(auditLog)
    .leftJoin(domains, eq(domains.domainUuid, auditLog.domainUuid))
    .where(conditions(filter))
    .orderBy(...pageOrder(SORT_COLUMNS, auditLog.auditId, sort))
    .limit(window.limit)
    .offset(window.offset);
  return rows.map(({ entry, domainName }) => ({
    auditId: entry.auditId,
    createdAt: entry.createdAt.toISOString(),
    domainUuid: entry.domainUuid,
    domainName: domainName ?? '',
    username: entry.username,
    action: entry.action,
    target: entry.target,
    targetLabel: entry.targetLabel,
    detail: (entry.detail as Record<string, unknown> | null) ?? null,
    ip: entry.ip,
  }));
}

/**
 * How many entries match. A tenant's whole trail (or every tenant's) is read from the counters the
 * triggers keep; a filtered one is counted over the index its filter uses.
 */
export async function auditTotal(conn: Conn, filter: AuditFilter): Promise<number> {
  if (!filter.username && !filter.action && !filter.from && !filter.to) {
    const [row] = await conn
      .select({ entries: sum(auditCounts.entries).mapWith(Number) })
      .from(auditCounts)
      .where(filter.tenantUuid === null ? undefined : eq(auditCounts.domainKey, filter.tenantUuid));
    return row?.entries ?? 0;
  }
  const [row] = await conn
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(auditLog)
    .where(conditions(filter));
  return row?.n ?? 0;
}

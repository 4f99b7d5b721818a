import type { PageSort } from '@tsunagu/contract/paging';
import type { TenantDetail, TenantRow } from '@tsunagu/contract/tenant-admin';
import { and, asc, count, eq, inArray, isNotNull, isNull, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Conn } from '../../platform/db/client';
import { readKeysetRows, type KeysetList, type PageAnchor } from '../../platform/db/paging';
import {
  destinations,
  domains,
  extensionCounts,
  extensions,
  gateways,
  sessions,
  tenantCounts,
  userCounts,
} from '../../platform/db/schema';

const SORT_COLUMNS = { domainName: domains.domainName, createdAt: domains.createdAt };

export interface TenantFilter {
  q?: string;
  state: 'active' | 'deleted';
}

/** LIKE's own characters in a user's text match themselves. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The text a search looks in: the expression of domains_search_idx (0043), written identically. */
const searched = sql`lower(${domains.domainName} || E'\\x1f' || ${domains.domainDescription})`;

/** Texts of one or two characters, which hold no trigram: domains_short_search_idx (0050) finds them. */
const SHORT_SEARCH = 2;

/** The list's filter (exported for the test that checks the search can use its indexes). */
export function conditions(filter: TenantFilter): SQL | undefined {
  const { q } = filter;
  return and(
    filter.state === 'deleted' ? isNotNull(domains.deletedAt) : isNull(domains.deletedAt),
    // Name or description contain the text.
    q ? sql`${searched} LIKE lower(${likeText(q)})` : undefined,
    q && [...q].length <= SHORT_SEARCH ? sql`short_grams(${searched}) @> ARRAY[lower(${q})]` : undefined,
  );
}

/**
 * A page of tenants with how many users and extensions each has (from the counters of 0021 and 0035),
 * read by keyset in either order (platform/db/paging.ts readKeysetRows), so a deep page costs what the
 * first one does.
 */
export async function tenantRows(
  conn: Conn,
  filter: TenantFilter,
  sort: PageSort<keyof typeof SORT_COLUMNS>,
  total: number,
  page: { page: number; size: number; anchor: PageAnchor | null },
): Promise<TenantRow[]> {
  const list: KeysetList = {
    table: domains,
    columns: { key: SORT_COLUMNS[sort.field], id: domains.domainUuid },
    where: conditions(filter),
    descending: sort.direction === 'desc',
  };
  const rows = await readKeysetRows(conn, list, total, page, (ids, orderBy) =>
    conn
      .select({
        domain: domains,
        usersUsed: sql<number>`coalesce(${userCounts.users}, 0)`.mapWith(Number),
        extensionsUsed: sql<number>`coalesce(${extensionCounts.extensions}, 0)`.mapWith(Number),
      })
      .from(domains)
      .leftJoin(userCounts, eq(userCounts.domainUuid, domains.domainUuid))
      .leftJoin(extensionCounts, eq(extensionCounts.domainUuid, domains.domainUuid))
      .where(inArray(domains.domainUuid, ids))
      .orderBy(...orderBy),
  );
  return rows.map(({ domain, usersUsed, extensionsUsed }) => ({
    domainUuid: domain.domainUuid,
    domainName: domain.domainName,
    domainDescription: domain.domainDescription,
    enabled: domain.enabled,
    createdAt: domain.createdAt.toISOString(),
    deletedAt: domain.deletedAt?.toISOString() ?? null,
    usersUsed,
    maxUsers: domain.maxUsers,
    extensionsUsed,
    maxExtensions: domain.maxExtensions,
  }));
}

/** How many tenants the list holds: the kept count of 0041, or a search's matches counted. */
export async function tenantTotal(conn: Conn, filter: TenantFilter): Promise<number> {
  if (!filter.q) {
    const [kept] = await conn.select().from(tenantCounts);
    return (filter.state === 'deleted' ? kept?.deleted : kept?.active) ?? 0;
  }
  const [row] = await conn.select({ n: count() }).from(domains).where(conditions(filter));
  return row?.n ?? 0;
}

/** The tenant's row (deleted or not), locked for the rest of the transaction when asked. */
export async function findTenant(conn: Conn, tenantUuid: string, lock = false) {
  const query = conn.select().from(domains).where(eq(domains.domainUuid, tenantUuid));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

const MB = 1024 * 1024;

/** The tenant as its edit dialog reads it: quotas, lines and incoming numbers. */
export async function tenantDetail(conn: Conn, tenantUuid: string): Promise<TenantDetail | null> {
  const domain = await findTenant(conn, tenantUuid);
  if (!domain || domain.deletedAt) return null;
  const [lines, numbers] = await Promise.all([
    conn
      .select({ name: gateways.description, number: gateways.gateway })
      .from(gateways)
      .where(eq(gateways.domainUuid, tenantUuid))
      .orderBy(asc(gateways.gateway)),
    conn
      .select({
        name: sql<string>`coalesce(${destinations.destinationCidNamePrefix}, '')`,
        number: destinations.destinationNumber,
      })
      .from(destinations)
      .where(eq(destinations.domainUuid, tenantUuid))
      .orderBy(asc(destinations.destinationNumber)),
  ]);
  return {
    domainUuid: domain.domainUuid,
    domainName: domain.domainName,
    domainDescription: domain.domainDescription,
    enabled: domain.enabled,
    quotas: {
      maxUsers: domain.maxUsers,
      maxExtensions: domain.maxExtensions,
      maxRingGroups: domain.maxRingGroups,
      maxIvrMenus: domain.maxIvrMenus,
      audioMb: Math.round(domain.recordingQuotaBytes / MB),
    },
    lines,
    numbers,
  };
}

/** The quota columns of a tenant row from the contract's quotas. */
export function quotaColumns(quotas: {
  maxUsers: number;
  maxExtensions: number;
  maxRingGroups: number;
  maxIvrMenus: number;
  audioMb: number;
}) {
  return {
    maxUsers: quotas.maxUsers,
    maxExtensions: quotas.maxExtensions,
    maxRingGroups: quotas.maxRingGroups,
    maxIvrMenus: quotas.maxIvrMenus,
    recordingQuotaBytes: quotas.audioMb * MB,
  };
}

/**
 * Makes the tenant's outbound lines exactly these: a kept number keeps its row (and its credentials),
 * its name is updated; a number no longer listed is removed.
 */
export async function replaceLines(
  conn: Conn,
  tenantUuid: string,
  lines: { name: string; number: string }[],
) {
  const keep = lines.map((l) => l.number);
  await conn
    .delete(gateways)
    .where(
      and(eq(gateways.domainUuid, tenantUuid), keep.length ? notInArray(gateways.gateway, keep) : undefined),
    );
  for (const line of lines) {
    await conn
      .insert(gateways)
      .values({
        gatewayUuid: crypto.randomUUID(),
        domainUuid: tenantUuid,
        gateway: line.number,
        description: line.name,
      })
      .onConflictDoUpdate({
        target: [gateways.domainUuid, gateways.gateway],
        set: { description: line.name },
      });
  }
}

/**
 * Makes the tenant's incoming numbers exactly these (a kept number keeps its routing). Returns the first
 * number that another tenant already has, or null.
 */
export async function replaceIncomingNumbers(
  conn: Conn,
  tenantUuid: string,
  numbers: { name: string; number: string }[],
): Promise<string | null> {
  const wanted = numbers.map((n) => n.number);
  if (wanted.length) {
    const [taken] = await conn
      .select({ number: destinations.destinationNumber })
      .from(destinations)
      .where(
        and(
          inArray(destinations.destinationNumber, wanted),
          sql`${destinations.domainUuid} <> ${tenantUuid}`,
        ),
      )
      .limit(1);
    if (taken) return taken.number;
  }
  await conn
    .delete(destinations)
    .where(
      and(
        eq(destinations.domainUuid, tenantUuid),
        wanted.length ? notInArray(destinations.destinationNumber, wanted) : undefined,
      ),
    );
  for (const number of numbers) {
    await conn
      .insert(destinations)
      .values({
        destinationUuid: crypto.randomUUID(),
        domainUuid: tenantUuid,
        destinationNumber: number.number,
        destinationCidNamePrefix: number.name || null,
      })
      .onConflictDoUpdate({
        target: destinations.destinationNumber,
        set: { destinationCidNamePrefix: number.name || null, updatedAt: new Date() },
      });
  }
  return null;
}

/** Revokes every live session in the tenant and ends providers' acting inside it; returns the revoked ids. */
export async function endTenantSessions(conn: Conn, tenantUuid: string, now: Date): Promise<string[]> {
  await conn
    .update(sessions)
    .set({ actingDomainUuid: null, actingReason: null, actingUntil: null })
    .where(and(eq(sessions.actingDomainUuid, tenantUuid), isNull(sessions.revokedAt)));
  const rows = await conn
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.domainUuid, tenantUuid), isNull(sessions.revokedAt)))
    .returning({ sessionUuid: sessions.sessionUuid, userUuid: sessions.userUuid });
  return rows.map((r) => r.sessionUuid);
}

/** The tenant's extension numbers (the engine drops their registrations when the tenant stops). */
export async function extensionNumbers(conn: Conn, tenantUuid: string): Promise<string[]> {
  const rows = await conn
    .select({ extension: extensions.extension })
    .from(extensions)
    .where(eq(extensions.domainUuid, tenantUuid));
  return rows.map((r) => r.extension);
}

/** Per outbound line number, the extensions that send it as their caller number (a line in use). */
export async function extensionsCallingFrom(conn: Conn, tenantUuid: string): Promise<Map<string, string[]>> {
  const rows = await conn
    .select({ number: extensions.outboundCallerIdNumber, extension: extensions.extension })
    .from(extensions)
    .where(and(eq(extensions.domainUuid, tenantUuid), sql`${extensions.outboundCallerIdNumber} <> ''`))
    .orderBy(asc(extensions.extension));
  const byNumber = new Map<string, string[]>();
  for (const row of rows) byNumber.set(row.number, [...(byNumber.get(row.number) ?? []), row.extension]);
  return byNumber;
}

/** Tenants deleted before `cutoff`: their purge is due. */
export async function tenantsDueForPurge(conn: Conn, cutoff: Date): Promise<string[]> {
  const rows = await conn
    .select({ domainUuid: domains.domainUuid })
    .from(domains)
    .where(and(isNotNull(domains.deletedAt), lt(domains.deletedAt, cutoff)));
  return rows.map((r) => r.domainUuid);
}

/** Removes the tenant and, by cascade, everything of it (the audit trail stays). */
export async function purgeTenant(conn: Conn, tenantUuid: string, cutoff: Date): Promise<boolean> {
  const rows = await conn
    .delete(domains)
    .where(
      and(eq(domains.domainUuid, tenantUuid), isNotNull(domains.deletedAt), lt(domains.deletedAt, cutoff)),
    )
    .returning({ domainUuid: domains.domainUuid });
  return rows.length > 0;
}

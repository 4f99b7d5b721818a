import { Refusal } from '@tsunagu/contract/refusal';
import { QUOTA_NAMES, tenantMessages } from '@tsunagu/contract/tenant-admin';
import { count, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Conn } from '../db/client';
import { domains, extensions, ivrMenus, ringGroups, users } from '../db/schema';

/** The counted quotas and what each counts (audio storage is checked by the recordings' upload). */
const COUNTED = {
  maxUsers: { table: users, tenant: users.domainUuid, limit: domains.maxUsers },
  maxExtensions: { table: extensions, tenant: extensions.domainUuid, limit: domains.maxExtensions },
  maxRingGroups: { table: ringGroups, tenant: ringGroups.domainUuid, limit: domains.maxRingGroups },
  maxIvrMenus: { table: ivrMenus, tenant: ivrMenus.domainUuid, limit: domains.maxIvrMenus },
} satisfies Record<string, { table: PgTable; tenant: PgColumn; limit: PgColumn }>;
export type CountedQuota = keyof typeof COUNTED;

/** How many rows of the quota's kind the tenant has. */
export async function quotaUsed(conn: Conn, tenantUuid: string, quota: CountedQuota): Promise<number> {
  const { table, tenant } = COUNTED[quota];
  const [row] = await conn.select({ n: count() }).from(table).where(eq(tenant, tenantUuid));
  return row?.n ?? 0;
}

/**
 * Refuses (409, naming the quota) a create of `adding` rows that would take the tenant beyond its quota.
 * Call it in the create's transaction: the tenant's row is locked until the transaction ends, so two
 * creates at once are counted one after the other. A tenant without a limit (null) is never refused.
 */
export async function requireQuotaRoom(
  conn: Conn,
  tenantUuid: string,
  quota: CountedQuota,
  adding = 1,
): Promise<void> {
  const [tenant] = await conn
    .select({ limit: COUNTED[quota].limit })
    .from(domains)
    .where(eq(domains.domainUuid, tenantUuid))
    .for('update');
  const limit = tenant?.limit as number | null | undefined;
  if (limit === null || limit === undefined) return;
  if ((await quotaUsed(conn, tenantUuid, quota)) + adding > limit)
    throw new Refusal('conflict', 'tenantQuotaReached', {
      text: tenantMessages.quotaReached(QUOTA_NAMES[quota], limit),
    });
}

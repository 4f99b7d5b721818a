import { rowBefore } from '../../platform/audit/row-before';
import { SPEED_DIAL_GROUP, type SpeedDial } from '@tsunagu/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Conn } from '../../platform/db/client';
import { speedDials } from '../../platform/db/schema';

/** The tenant's speed dials in the common-item shape of the API (spec 3 "Speed dial"), by number. */
export function listSpeedDials(conn: Conn, tenantUuid: string): Promise<SpeedDial[]> {
  return conn
    .select({
      commUuid: speedDials.speedDialUuid,
      domainUuid: speedDials.domainUuid,
      commGroup: sql<typeof SPEED_DIAL_GROUP>`${SPEED_DIAL_GROUP}::text`,
      commName: speedDials.speedNumber,
      commSub1: speedDials.phoneNumber,
      commSub2: speedDials.memo,
    })
    .from(speedDials)
    .where(eq(speedDials.domainUuid, tenantUuid))
    .orderBy(asc(speedDials.speedNumber));
}

export interface SpeedDialColumns {
  speedNumber: string;
  phoneNumber: string;
  memo: string | null;
}

export async function insertSpeedDial(
  conn: Conn,
  tenantUuid: string,
  speedDialUuid: string,
  row: SpeedDialColumns,
) {
  await conn.insert(speedDials).values({ ...row, speedDialUuid, domainUuid: tenantUuid });
}

/** Returns whether the tenant had that entry. */
export async function updateSpeedDial(
  conn: Conn,
  tenantUuid: string,
  speedDialUuid: string,
  row: SpeedDialColumns,
): Promise<boolean> {
  const rows = await conn
    .update(speedDials)
    .set({ ...row, updatedAt: new Date() })
    .where(and(eq(speedDials.domainUuid, tenantUuid), eq(speedDials.speedDialUuid, speedDialUuid)))
    .returning({ speedDialUuid: speedDials.speedDialUuid });
  return rows.length > 0;
}

/** Deletes the entry; returns its number, or null when the tenant has no such entry. */
export async function deleteSpeedDial(
  conn: Conn,
  tenantUuid: string,
  speedDialUuid: string,
): Promise<string | null> {
  const [row] = await conn
    .delete(speedDials)
    .where(and(eq(speedDials.domainUuid, tenantUuid), eq(speedDials.speedDialUuid, speedDialUuid)))
    .returning({ number: speedDials.speedNumber });
  return row?.number ?? null;
}

/** The entry's stored columns before an edit (locked), for the audit entry; null when the tenant has no such entry. */
export function speedDialBefore(conn: Conn, tenantUuid: string, speedDialUuid: string) {
  const where = and(eq(speedDials.domainUuid, tenantUuid), eq(speedDials.speedDialUuid, speedDialUuid));
  return rowBefore(conn, speedDials, where, ['speedNumber', 'phoneNumber', 'memo']);
}

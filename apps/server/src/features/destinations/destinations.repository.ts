import { rowBefore } from '../../platform/audit/row-before';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Conn } from '../../platform/db/client';
import { destinations, dialplans } from '../../platform/db/schema';

/** The tenant's incoming numbers in number order. */
export function listDestinationRows(conn: Conn, tenantUuid: string) {
  return conn
    .select({
      destinationUuid: destinations.destinationUuid,
      destinationNumber: destinations.destinationNumber,
      destinationCidNamePrefix: destinations.destinationCidNamePrefix,
      destinationData: destinations.destinationData,
      destinationEnabled: destinations.destinationEnabled,
    })
    .from(destinations)
    .where(eq(destinations.domainUuid, tenantUuid))
    .orderBy(asc(destinations.destinationNumber));
}

/** The tenant's business-hours schedules a number can follow, by name (code-point order, locale-independent). */
export function listDialplanChoices(conn: Conn, tenantUuid: string) {
  return conn
    .select({
      dialplanUuid: dialplans.dialplanUuid,
      dialplanName: dialplans.dialplanName,
      dialplanNumber: dialplans.dialplanNumber,
    })
    .from(dialplans)
    .where(eq(dialplans.domainUuid, tenantUuid))
    .orderBy(sql`${dialplans.dialplanName} COLLATE "C"`, asc(dialplans.dialplanNumber));
}

export interface DestinationColumns {
  destinationCidNamePrefix: string | null;
  destinationData: string;
  destinationEnabled: boolean;
}

/** Returns whether the tenant had that number. */
export async function updateDestination(
  conn: Conn,
  tenantUuid: string,
  destinationUuid: string,
  columns: DestinationColumns,
): Promise<boolean> {
  const rows = await conn
    .update(destinations)
    .set({ ...columns, updatedAt: new Date() })
    .where(and(eq(destinations.domainUuid, tenantUuid), eq(destinations.destinationUuid, destinationUuid)))
    .returning({ destinationUuid: destinations.destinationUuid });
  return rows.length > 0;
}

export async function insertDestination(
  conn: Conn,
  tenantUuid: string,
  row: DestinationColumns & { destinationUuid: string; destinationNumber: string },
): Promise<void> {
  await conn.insert(destinations).values({ ...row, domainUuid: tenantUuid });
}

/** Deletes the number; returns it, or null when the tenant has no such number. */
export async function deleteDestination(conn: Conn, tenantUuid: string, destinationUuid: string) {
  const [row] = await conn
    .delete(destinations)
    .where(and(eq(destinations.domainUuid, tenantUuid), eq(destinations.destinationUuid, destinationUuid)))
    .returning({ number: destinations.destinationNumber });
  return row?.number ?? null;
}

/** The number's named fields before an edit (locked), for the audit entry; null when the tenant has no such number. */
export function destinationBefore(
  conn: Conn,
  tenantUuid: string,
  destinationUuid: string,
  fields: readonly string[],
) {
  const where = and(
    eq(destinations.domainUuid, tenantUuid),
    eq(destinations.destinationUuid, destinationUuid),
  );
  return rowBefore(conn, destinations, where, fields);
}

import { getTableColumns, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Conn } from '../db/client';

/**
 * An edit's "before" for its audit entry: the named fields of the row as stored, locked for the rest of
 * the transaction so the values cannot change between this read and the edit. Null: no such row.
 * Field names are the Drizzle table's (the same keys the edit writes), so before and after compare.
 */
export async function rowBefore(
  conn: Conn,
  table: PgTable,
  where: SQL | undefined,
  fields: readonly string[],
): Promise<Record<string, unknown> | null> {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const picked = Object.fromEntries(
    fields.flatMap((field) => (columns[field] ? [[field, columns[field]]] : [])),
  ) as Record<string, PgColumn>;
  const [row] = await conn.select(picked).from(table).where(where).for('update');
  return (row as Record<string, unknown> | undefined) ?? null;
}

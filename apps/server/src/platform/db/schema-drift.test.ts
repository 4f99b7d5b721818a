import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../testing/test-app';
import type { Database } from './client';
import { rowsOf } from './migrate';
import * as schema from './schema';

/** Tables the migrations keep for themselves, which the code never reads through Drizzle. */
const MIGRATIONS_ONLY = ['schema_migrations'];

/** Drizzle's names for types PostgreSQL reports by their underlying type. */
const STORED_AS: Record<string, string> = { serial: 'integer', bigserial: 'bigint', smallserial: 'smallint' };

/** table → column → 'type' or 'type not null', the shape both sides are compared in. */
type Shape = Record<string, Record<string, string>>;

const describeColumn = (type: string, notNull: boolean) =>
  `${STORED_AS[type] ?? type}${notNull ? ' not null' : ''}`;

function drizzleShape(): Shape {
  const shape: Shape = {};
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const { name, columns, primaryKeys } = getTableConfig(value);
    // A composite primary key makes its columns NOT NULL in the database, declared or not.
    const keyColumns = new Set(primaryKeys.flatMap((key) => key.columns.map((column) => column.name)));
    shape[name] = Object.fromEntries(
      columns.map((c) => [c.name, describeColumn(c.getSQLType(), c.notNull || keyColumns.has(c.name))]),
    );
  }
  return shape;
}

async function databaseShape(database: Database): Promise<Shape> {
  const rows = rowsOf<{ table: string; column: string; type: string; not_null: boolean }>(
    await database.db.execute(sql`
      SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type,
             a.attnotnull AS not_null
        FROM pg_attribute a
        JOIN pg_class c ON c.oid = a.attrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped
       ORDER BY c.relname, a.attnum`),
  );
  const shape: Shape = {};
  for (const row of rows) {
    if (MIGRATIONS_ONLY.includes(row.table)) continue;
    (shape[row.table] ??= {})[row.column] = describeColumn(row.type, row.not_null);
  }
  return shape;
}

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('the Drizzle schema', () => {
  it('names the tables, columns, types and nullability the migrations create', async () => {
    expect(drizzleShape()).toEqual(await databaseShape(database));
  });
});

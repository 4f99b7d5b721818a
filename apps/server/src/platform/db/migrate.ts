import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { syncHolidays } from './holidays-sync';

const MIGRATIONS_DIR = fileURLToPath(new URL('../../../migrations/', import.meta.url));
/** Serialises concurrent starts of several instances on one PostgreSQL. */
const LOCK_KEY = 727_200_001;

async function appliedVersions(database: Database): Promise<Set<string>> {
  const result = await database.db.execute<{ version: string }>(sql`SELECT version FROM schema_migrations`);
  return new Set(rowsOf<{ version: string }>(result).map((r) => r.version));
}

/** The migration files' names, in the order they apply. */
export function migrationFiles(): string[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}_.+\.sql$/.test(f))
    .sort();
}

/** One migration's SQL. */
export const migrationText = (file: string) => readFileSync(MIGRATIONS_DIR + file, 'utf8');

/** Applies every migration in migrations/ not yet recorded, each atomically, in file-name order. */
export async function migrate(database: Database): Promise<string[]> {
  const files = migrationFiles();
  await database.runScript(
    `SELECT pg_advisory_xact_lock(${LOCK_KEY});
     CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
  );
  const applied: string[] = [];
  for (const file of files) {
    const version = file.replace(/\.sql$/, '');
    if ((await appliedVersions(database)).has(version)) continue;
    const body = migrationText(file);
    try {
      // One simple-protocol script runs as one transaction: a failing migration leaves nothing behind.
      // The transaction lock makes a second instance wait, then fail on the finished work, then skip it.
      await database.runScript(
        `SELECT pg_advisory_xact_lock(${LOCK_KEY});\n${body};\nINSERT INTO schema_migrations (version) VALUES ('${version}');`,
      );
      applied.push(version);
    } catch (error) {
      if (!(await appliedVersions(database)).has(version)) throw error;
    }
  }
  await syncHolidays(database);
  return applied;
}

/** node-postgres and PGlite shape execute() results differently; both carry `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../testing/test-app';
import type { Database } from './client';
import { migrate, rowsOf } from './migrate';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('migrations', () => {
  it('are recorded and not applied twice', async () => {
    const versions = rowsOf<{ version: string }>(
      await database.db.execute(sql`SELECT version FROM schema_migrations ORDER BY version`),
    );
    expect(versions.map((v) => v.version)).toContain('0001_foundation');
    expect(await migrate(database)).toEqual([]);
  });

  it('enforce unique login IDs regardless of case', async () => {
    await database.runScript(
      `INSERT INTO domains (domain_uuid, domain_name) VALUES ('00000000-0000-4000-8000-000000000001', 'x.local')`,
    );
    const insert = (id: string, name: string) =>
      database.runScript(
        `INSERT INTO users (user_uuid, domain_uuid, username, password_hash) VALUES ('${id}', '00000000-0000-4000-8000-000000000001', '${name}', 'h')`,
      );
    await insert('00000000-0000-4000-8000-000000000002', 'Someone');
    await expect(insert('00000000-0000-4000-8000-000000000003', 'someone')).rejects.toThrow();
  });
});

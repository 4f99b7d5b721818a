import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './client';
import { rowsOf } from './migrate';

const dir = mkdtempSync(join(tmpdir(), 'tsunagu-pglite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('openPglite on a directory', () => {
  it('creates the database on first open and finds what was written on the next', async () => {
    const first = await openPglite(join(dir, 'pglite'));
    await first.runScript('CREATE TABLE notes (body text); INSERT INTO notes VALUES ($$こんにちは$$);');
    await first.close();
    const again = await openPglite(join(dir, 'pglite'));
    const rows = rowsOf<{ body: string }>(await again.db.execute(sql`SELECT body FROM notes`));
    expect(rows).toEqual([{ body: 'こんにちは' }]);
    await again.close();
  }, 60_000);
});

import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './client';
import { rowsOf } from './migrate';
import { copyPgliteTemplate, ensurePgliteTemplate, pgliteTemplateDir } from './pglite-template';

const dir = mkdtempSync(join(tmpdir(), 'tsunagu-template-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the embedded database template', () => {
  it('lives beside the installed PGlite, named after its version', () => {
    expect(pgliteTemplateDir()).toMatch(/node_modules\/\.cache\/tsunagu\/pglite-\d+\.\d+\.\d+$/);
  });

  it('is made once, and a new data directory opens as a copy of it', async () => {
    const template = join(dir, 'template');
    await ensurePgliteTemplate(template);
    expect(existsSync(join(template, 'PG_VERSION'))).toBe(true);
    // A second call keeps what is there (a marker file survives).
    writeFileSync(join(template, 'marker'), '');
    await ensurePgliteTemplate(template);
    expect(existsSync(join(template, 'marker'))).toBe(true);

    const database = await openPglite(join(dir, 'data'), { template });
    expect(existsSync(join(dir, 'data', 'marker'))).toBe(true);
    await database.runScript('CREATE TABLE notes (body text); INSERT INTO notes VALUES ($$ひな形から$$);');
    const rows = rowsOf<{ body: string }>(await database.db.execute(sql`SELECT body FROM notes`));
    expect(rows).toEqual([{ body: 'ひな形から' }]);
    await database.close();
    // The template itself is untouched.
    expect(existsSync(join(template, 'base'))).toBe(true);
    const again = await openPglite(join(dir, 'other'), { template });
    await expect(again.db.execute(sql`SELECT body FROM notes`)).rejects.toThrow();
    await again.close();
  }, 60_000);

  it('copies nothing when there is no template', () => {
    expect(copyPgliteTemplate(join(dir, 'none'), join(dir, 'missing-template'))).toBe(false);
  });
});

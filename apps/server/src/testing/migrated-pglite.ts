import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openPglite, type Database } from '../platform/db/client';
import { migrate, migrationFiles, migrationText } from '../platform/db/migrate';
import { pgliteTemplateDir } from '../platform/db/pglite-template';

/**
 * A migrated, empty embedded database for a test file. initdb and the migrations take seconds per fresh
 * PGlite (most of a small test file's time); loading a dump of a migrated one takes a fraction of that.
 * The dump is made once per PGlite version and set of migrations (its name is their hash) and kept beside
 * the initdb template. `migrate` on it then applies nothing. Guarded: a statement on the database from
 * inside one of its own transactions fails at once instead of hanging the file (transaction-guard.ts).
 */
export async function openMigratedPglite(): Promise<Database> {
  const dump = readFileSync(await migratedDump());
  return openPglite('memory://', { dump: new Blob([dump]), guarded: true });
}

async function migratedDump(): Promise<string> {
  const hash = createHash('sha256').update(pgliteTemplateDir());
  for (const file of migrationFiles()) hash.update(file).update(migrationText(file));
  const folder = dirname(pgliteTemplateDir());
  const name = `migrated-${hash.digest('hex').slice(0, 16)}.tar`;
  const file = join(folder, name);
  if (existsSync(file)) return file;

  const database = await openPglite('memory://');
  await migrate(database);
  const pglite = (database.db as unknown as { $client: PGlite }).$client;
  const tar = Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer());
  await database.close();
  // Written aside and renamed: test files in other workers may be making the same dump.
  mkdirSync(folder, { recursive: true });
  writeFileSync(`${file}.${process.pid}`, tar);
  renameSync(`${file}.${process.pid}`, file);
  for (const old of readdirSync(folder).filter((f) => /^migrated-\w+\.tar$/.test(f) && f !== name))
    rmSync(join(folder, old), { force: true });
  return file;
}

import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * A freshly initialised, empty embedded database kept beside the installed packages. PGlite's initdb
 * takes seconds and leaves its WebAssembly memory resident in the process that ran it; a new data
 * directory copied from this template opens like an existing one (≈0.5 s, restart-sized memory).
 */
export function pgliteTemplateDir(): string {
  // The package exports no package.json: walk up from its entry point to its folder.
  let root = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(join(root, 'package.json'))) root = dirname(root);
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  // …/node_modules/@electric-sql/pglite → …/node_modules/.cache/tsunagu/pglite-<version>
  return join(root, '..', '..', '.cache', 'tsunagu', `pglite-${version}`);
}

/** Runs initdb into the template directory unless it is there already. */
export async function ensurePgliteTemplate(template = pgliteTemplateDir()): Promise<void> {
  if (existsSync(join(template, 'PG_VERSION'))) return;
  const building = `${template}.${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  await (await PGlite.create(building)).close();
  try {
    renameSync(building, template);
  } catch (error) {
    // Another process finished first: its template serves.
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(join(template, 'PG_VERSION'))) throw error;
  }
}

/** Fills a new data directory from the template; false when there is no template (PGlite runs initdb). */
export function copyPgliteTemplate(dir: string, template = pgliteTemplateDir()): boolean {
  if (!existsSync(join(template, 'PG_VERSION'))) return false;
  cpSync(template, dir, { recursive: true });
  return true;
}

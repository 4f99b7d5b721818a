// `npm run bench`: runs every *.bench.ts in this folder one after another (they are not tests).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const dir = new URL('.', import.meta.url).pathname;
const only = process.argv[2];
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts') && (!only || f.includes(only)))
  .sort()) {
  console.log(`\n### ${file}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', dir + file], {
    stdio: 'inherit',
    cwd: dir + '..',
  });
  if (run.status !== 0) process.exitCode = 1;
}

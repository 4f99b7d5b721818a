// `npm start`: builds the web app when it is missing or older than its sources, then runs the server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const builtIndex = join(root, 'apps/web/dist/index.html');

function newestChange(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const sources = ['apps/web/src', 'apps/web/index.html', 'packages/contract/src'].map((p) => join(root, p));
const sourcesChanged = () =>
  Math.max(...sources.map((p) => (statSync(p).isDirectory() ? newestChange(p) : statSync(p).mtimeMs)));

if (!existsSync(builtIndex) || statSync(builtIndex).mtimeMs < sourcesChanged()) {
  console.log('画面をビルドしています…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@tsunagu/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));

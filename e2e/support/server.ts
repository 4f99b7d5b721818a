import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The repository root (e2e/support → ../..). */
export const REPO_ROOT = resolve(import.meta.dirname, '../..');

const WEB_DIST_INDEX = join(REPO_ROOT, 'apps/web/dist/index.html');
const READY_TIMEOUT_MS = 90_000;

/** A running server: its base URL and how to stop it. */
export interface RunningServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/** A TCP port nobody listens on right now. */
async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolveExit) => {
    const timer = setTimeout(() => resolveExit(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolveExit(true);
    });
  });
}

/** A server process this test started: also its process and the last 8 kB of its output. */
export interface StartedServer extends RunningServer {
  process: ChildProcess;
  output(): string;
}

/** How to start the server: extra environment (e.g. DATABASE_URL), and whether the built web app is needed. */
export interface ServerOptions {
  env?: Record<string, string>;
  /** False for API-only tests: the server then runs without the built web app. Default true. */
  web?: boolean;
}

/**
 * Starts `node --import tsx apps/server/src/main.ts` on a free port with a fresh data directory
 * (so the demo data is seeded anew) and resolves once GET /api/health answers.
 */
export async function startServer(options: ServerOptions = {}): Promise<StartedServer> {
  if (options.web !== false && !existsSync(WEB_DIST_INDEX)) {
    throw new Error(
      `The web app is not built (${WEB_DIST_INDEX} is missing). Run \`npm run build -w @tsunagu/web\` first; \`npm test\` does it.`,
    );
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'tsunagu-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      // The server closes its embedded database on SIGTERM; give it time before forcing.
      if (!(await waitForExit(child, 15_000))) {
        child.kill('SIGKILL');
        await waitForExit(child, 5_000);
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`The server exited before it was ready (code ${child.exitCode}):\n${output}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return { baseUrl, stop, process: child, output: () => output };
    } catch {
      // Not listening yet.
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }
  await stop();
  throw new Error(
    `The server did not answer GET /api/health within ${READY_TIMEOUT_MS / 1000} s:\n${output}`,
  );
}

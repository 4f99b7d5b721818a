import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection, createServer } from 'node:net';

/**
 * A redis-server of the test's own (from PATH), on a free port, without persistence: a test may stop
 * and restart it to show what happens when Redis goes away, without touching anyone else's Redis.
 */
export interface PrivateRedis {
  url: string;
  port: number;
  /** Kills the server (SIGKILL, as a crash or a network cut would look) and waits for its exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port and resolves once it accepts connections. */
  start(): Promise<void>;
}

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Resolves once something accepts TCP connections on the port. */
async function accepting(port: number, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`redis-server exited (code ${child.exitCode})`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ port, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((wait) => setTimeout(wait, 50));
  }
}

/** Spawns `redis-server --port <free port> --save '' --appendonly no` and waits until it accepts. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    const spawned = child;
    await new Promise<void>((resolve, reject) => {
      spawned.once('spawn', resolve);
      spawned.once('error', reject);
    });
    await accepting(port, spawned);
  };
  const stop = async () => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, port, start, stop };
}

// Issue 16 benchmark: a mass reconnect of real-time clients on PostgreSQL. 2,000 users of one tenant
// (BENCH_USERS) each open a STOMP-over-WebSocket connection at once, subscribe to the tenant's presence
// and follow it as the console does (the whole list, then changes), and to the tenant's statuses, as the
// console's header does (each sign-in turns a user 在席: those changes are counted as frames too). Measured: time until every client
// holds the whole list, frames and bytes per client, and the database statements the server ran.
// Then all disconnect and reconnect at once (a restart of the server as clients see it).
// The ceiling: a bare `ws` server that answers each client CONNECTED, the same whole list and RECEIPT.
// Run: npx tsx bench/presence-reconnect.bench.ts   (BENCH_DATABASE_URL overrides the PostgreSQL server)
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { applyLoginUsers, topics, type LoginUser, type LoginUserMessage } from '@tsunagu/contract';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { WebSocket, WebSocketServer } from 'ws';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createTokenSigner } from '../apps/server/src/platform/auth/tokens';
import { createSecretBox } from '../apps/server/src/platform/crypto/secrets';
import { openPostgres } from '../apps/server/src/platform/db/client';
import { migrate } from '../apps/server/src/platform/db/migrate';
import { domains } from '../apps/server/src/platform/db/schema';
import { DEMO_DOMAIN, seedDemo } from '../apps/server/src/platform/db/seed';
import { createRecordingStorage } from '../apps/server/src/platform/files/recording-storage';
import { serializeFrame } from '../apps/server/src/platform/realtime/stomp-codec';
import { signInMany, type SignedInUser } from '../apps/server/src/testing/many-sessions';
import { scratchDatabase } from './large-tenant';
import { freshDataDir } from './support';

const USERS = Number(process.env.BENCH_USERS ?? 2000);
const DEADLINE_MS = 120_000;

type FromServer = { type: 'ready'; port: number } | { type: 'statements'; count: number };

/** The child: the console's server (or the bare ceiling) on 127.0.0.1, counting database statements. */
async function serve(mode: 'app' | 'bare'): Promise<void> {
  const send = (message: FromServer) => process.send?.(message);
  process.once('disconnect', () => process.exit());
  let statements = 0;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    statements += 1;
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  process.on('message', (message: 'statements') => {
    if (message === 'statements') send({ type: 'statements', count: statements });
  });
  if (mode === 'bare') {
    const body = process.env.BENCH_BARE_BODY ?? '[]';
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    wss.on('connection', (socket) =>
      socket.on('message', (data: Buffer) => {
        const text = data.toString();
        if (text.startsWith('CONNECT'))
          socket.send(serializeFrame({ command: 'CONNECTED', headers: { version: '1.2' } }));
        else if (text.startsWith('SUBSCRIBE')) {
          const destination = /destination:([^\n]*)/.exec(text)?.[1] ?? '';
          // The statuses need no first message: only presence sends the whole list.
          if (!destination.startsWith('/topic/loginUser/')) return;
          socket.send(
            serializeFrame({
              command: 'MESSAGE',
              headers: { subscription: '0', destination, 'message-id': '1' },
              body,
            }),
          );
          socket.send(serializeFrame({ command: 'RECEIPT', headers: { 'receipt-id': 'ok' } }));
        }
      }),
    );
    await new Promise((resolve) => wss.once('listening', resolve));
    send({ type: 'ready', port: (wss.address() as AddressInfo).port });
    return;
  }
  const config = loadConfig();
  const database = await openPostgres(config.databaseUrl!);
  const app = await buildApp({ config, database, demo: true, instanceId: 'bench', logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  send({ type: 'ready', port: (app.server.address() as AddressInfo).port });
}

/** One console's view: CONNECT, SUBSCRIBE to presence, then every MESSAGE applied to its list. */
interface Follower {
  socket: WebSocket;
  /** MESSAGE frames received, of both topics. */
  frames: number;
  /** Of which /topic/userStatus. */
  statusFrames: number;
  bytes: number;
  /** Connections refused or cut (the server too busy to read a CONNECT in time) and opened again. */
  retries: number;
  online: LoginUser[];
  stopped: boolean;
}

/** As the console's client does: a connection that fails is opened again after 500 ms. */
function follow(url: string, user: SignedInUser, tenant: string, onChange: () => void): Follower {
  const follower = {
    frames: 0,
    statusFrames: 0,
    bytes: 0,
    retries: 0,
    online: [],
    stopped: false,
  } as unknown as Follower;
  const presence = topics.loginUser(tenant);
  const open = () => {
    const socket = new WebSocket(url, ['v12.stomp'], { perMessageDeflate: false });
    follower.socket = socket;
    socket.on('open', () => {
      const login = { login: user.userUuid, passcode: user.token };
      socket.send(serializeFrame({ command: 'CONNECT', headers: { 'accept-version': '1.2', ...login } }));
      socket.send(
        serializeFrame({ command: 'SUBSCRIBE', headers: { id: '0', destination: presence, receipt: 'ok' } }),
      );
      socket.send(
        serializeFrame({
          command: 'SUBSCRIBE',
          headers: { id: '1', destination: topics.userStatus(tenant) },
        }),
      );
    });
    socket.on('message', (data: Buffer) => {
      follower.bytes += data.length;
      // Both servers write one frame per WebSocket message, so a light client needs no stream parser.
      if (data.toString('latin1', 0, data.indexOf('\n')) !== 'MESSAGE') return;
      follower.frames += 1;
      if (!data.includes(`destination:${presence}\n`)) {
        follower.statusFrames += 1;
        return;
      }
      const body = data.toString('utf8', data.indexOf('\n\n') + 2, data.length - 1);
      follower.online = applyLoginUsers(follower.online, JSON.parse(body) as LoginUserMessage);
      onChange();
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      if (follower.stopped) return;
      follower.retries += 1;
      setTimeout(open, 500);
    });
  };
  open();
  return follower;
}

/** All users connect at once; resolves once every one of them holds the whole list (or the deadline). */
async function wave(url: string, crowd: SignedInUser[], tenant: string, statements: () => Promise<number>) {
  const before = await statements();
  const started = performance.now();
  let complete = 0;
  let resolve!: () => void;
  const done = new Promise<void>((r) => (resolve = r));
  const followers: Follower[] = [];
  const counted = new WeakSet<Follower>();
  for (const user of crowd) {
    const follower: Follower = follow(url, user, tenant, () => {
      if (counted.has(follower) || follower.online.length < crowd.length) return;
      counted.add(follower);
      if (++complete === crowd.length) resolve();
    });
    followers.push(follower);
  }
  const timeout = setTimeout(resolve, DEADLINE_MS);
  await done;
  clearTimeout(timeout);
  const seconds = (performance.now() - started) / 1000;
  // Frames still in flight after the last client was complete count too.
  await new Promise((r) => setTimeout(r, 1_500));
  const frames = followers.map((f) => f.frames);
  const bytes = followers.map((f) => f.bytes);
  return {
    followers,
    complete,
    seconds,
    maxFrames: Math.max(...frames),
    meanFrames: frames.reduce((a, b) => a + b, 0) / frames.length,
    meanStatusFrames: followers.reduce((a, f) => a + f.statusFrames, 0) / followers.length,
    meanKb: bytes.reduce((a, b) => a + b, 0) / bytes.length / 1024,
    retries: followers.reduce((a, f) => a + f.retries, 0),
    statements: (await statements()) - before,
  };
}

async function closeAll(followers: Follower[]) {
  await Promise.all(
    followers.map(
      (f) =>
        new Promise<void>((resolve) => {
          f.stopped = true;
          if (f.socket.readyState === WebSocket.CLOSED) return resolve();
          f.socket.once('close', () => resolve());
          f.socket.close();
        }),
    ),
  );
}

function startChild(mode: 'app' | 'bare', env: Record<string, string>) {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [mode], {
    env: { ...process.env, ...env },
    execArgv: ['--import', 'tsx'],
  });
  const ready = new Promise<number>((resolve) =>
    child.on('message', (m: FromServer) => m.type === 'ready' && resolve(m.port)),
  );
  const statements = () =>
    new Promise<number>((resolve) => {
      const onMessage = (m: FromServer) => {
        if (m.type !== 'statements') return;
        child.off('message', onMessage);
        resolve(m.count);
      };
      child.on('message', onMessage);
      child.send('statements');
    });
  return { child, ready, statements };
}

const report = (title: string, r: Awaited<ReturnType<typeof wave>>, ceiling?: number) =>
  console.log(
    `${title.padEnd(26)} ${r.complete}/${USERS} complete in ${r.seconds.toFixed(2)} s` +
      (ceiling ? ` (bare ${ceiling.toFixed(2)} s, ratio ${(ceiling / r.seconds).toFixed(2)})` : '') +
      `; frames per client max ${r.maxFrames}, mean ${r.meanFrames.toFixed(1)} ` +
      `(statuses ${r.meanStatusFrames.toFixed(1)}); ` +
      `${r.meanKb.toFixed(1)} KB received per client; ${r.statements} statements; ${r.retries} retries`,
  );

async function main(): Promise<void> {
  const dbUrl = await scratchDatabase('tsunagu_bench_presence');
  const jwtSecret = randomBytes(32).toString('base64url');
  const database = await openPostgres(dbUrl);
  await migrate(database);
  await seedDemo(database.db, createSecretBox(Buffer.alloc(32, 3)), createRecordingStorage(freshDataDir()));
  const [demo] = await database.db.select().from(domains).where(eq(domains.domainName, DEMO_DOMAIN));
  const tenant = demo!.domainUuid;
  const tokens = createTokenSigner(new TextEncoder().encode(jwtSecret));
  const crowd = await signInMany(database.db, tokens, tenant, USERS);
  await database.close();
  console.log(
    `${new Date().toISOString()} load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(`tenant: ${USERS} users signed in, each connecting once; PostgreSQL`);

  // The ceiling: the same clients, the same whole list, from a server that does nothing else.
  const wholeList = JSON.stringify(crowd.map((u) => ({ userUuid: u.userUuid, loginCnt: 1 })));
  const bare = startChild('bare', { BENCH_BARE_BODY: wholeList });
  const barePort = await bare.ready;
  const ceiling = await wave(`ws://127.0.0.1:${barePort}`, crowd, tenant, bare.statements);
  await closeAll(ceiling.followers);
  bare.child.kill();

  const app = startChild('app', {
    DATABASE_URL: dbUrl,
    JWT_SECRET: jwtSecret,
    SECRET_KEY: Buffer.alloc(32, 3).toString('base64'),
    DATA_DIR: freshDataDir(),
    PORT: '0',
    TELEPHONY: 'sandbox',
    LOG_LEVEL: 'warn',
  });
  const url = `ws://127.0.0.1:${await app.ready}/ws`;
  try {
    const first = await wave(url, crowd, tenant, app.statements);
    report('bare ws server', ceiling);
    report('first connect', first, ceiling.seconds);
    await closeAll(first.followers);
    // Until the last disconnects are written and published.
    await new Promise((r) => setTimeout(r, 3_000));
    const again = await wave(url, crowd, tenant, app.statements);
    report('mass reconnect', again, ceiling.seconds);
    await closeAll(again.followers);
  } finally {
    app.child.kill('SIGTERM');
  }
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}

const mode = process.argv[2];
if (mode === 'app' || mode === 'bare') await serve(mode);
else await main();

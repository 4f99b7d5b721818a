// STOMP fan-out: one broker, 2,000 WebSocket clients on one tenant topic. Prints fan-out latency
// (publish → delivered, per client), server memory per connection and sustained deliveries per second.
// Run: npx tsx bench/stomp-fanout.bench.ts   (BENCH_CONNECTIONS, BENCH_MESSAGES; BENCH_REDIS_URL for the Redis bus)
//
// The broker runs in a child process so that its memory is measured alone; the clients run in this one.
// Both sides read CLOCK_MONOTONIC (process.hrtime), which is one clock for every process on a host.
import { fork, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import {
  createMemoryBus,
  createRedisBus,
  createStompBroker,
  serializeFrame,
} from '@tsunagu/server/platform/realtime/index';
import { WebSocket } from 'ws';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 2000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 200);
const REDIS_URL = process.env.BENCH_REDIS_URL;
const TOPIC = '/topic/loginUser/bench-tenant';
const OPEN_AT_ONCE = 100;
const IN_FLIGHT = 16;
const DEADLINE_MS = 180_000;
// A presence list of about the size the loginUser topic carries for a small office.
const PADDING = JSON.stringify(
  Array.from({ length: 4 }, (_, i) => ({ userUuid: `u-${i}`, extension: `10${i}`, status: 'login' })),
);

type ToServer = { type: 'memory' } | { type: 'publish'; seq: number } | { type: 'stats' } | { type: 'stop' };
type FromServer =
  | { type: 'ready'; port: number }
  | { type: 'memory'; heapUsed: number; rss: number; connections: number }
  /** Milliseconds the broker spent handing each message to every socket, in publishing order. */
  | { type: 'stats'; fanOutMs: number[] };

const now = () => process.hrtime.bigint();

/** The child: a broker on 127.0.0.1 that publishes when told to. */
async function serve(): Promise<void> {
  const send = (message: FromServer) => process.send?.(message);
  // Never outlive the benchmark that started it.
  process.once('disconnect', () => process.exit());
  const bus = REDIS_URL
    ? createRedisBus(REDIS_URL, { prefix: `tsunagu-bench-${process.pid}:` })
    : createMemoryBus();
  const server = createServer();
  const broker = createStompBroker<string>({
    bus,
    server,
    authenticate: async (headers) => headers.login ?? null,
    authorize: (_, destination) => destination === TOPIC,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const fanOutMs: number[] = [];
  process.on('message', async (message: ToServer) => {
    if (message.type === 'publish') {
      const sentAt = now();
      // With the memory bus, publish() settles once the broker has written the frame to every socket.
      await broker.publish(TOPIC, `${message.seq},${sentAt},${PADDING}`);
      if (!REDIS_URL) fanOutMs.push(Number(now() - sentAt) / 1e6);
    } else if (message.type === 'stats') {
      send({ type: 'stats', fanOutMs });
    } else if (message.type === 'memory') {
      globalThis.gc?.();
      const { heapUsed, rss } = process.memoryUsage();
      send({ type: 'memory', heapUsed, rss, connections: broker.connections() });
    } else {
      await broker.close();
      await bus.close();
      server.close();
      process.disconnect();
    }
  });
  send({ type: 'ready', port: (server.address() as AddressInfo).port });
}

/** Opens one raw STOMP client: CONNECT, then SUBSCRIBE with a receipt; resolves once subscribed. */
function openClient(url: string, id: number, onMessage: (body: string) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, ['v12.stomp'], { perMessageDeflate: false });
    socket.once('error', reject);
    socket.once('open', () => {
      socket.send(
        serializeFrame({ command: 'CONNECT', headers: { 'accept-version': '1.2', login: `user-${id}` } }),
      );
      socket.send(
        serializeFrame({ command: 'SUBSCRIBE', headers: { id: '0', destination: TOPIC, receipt: 'ok' } }),
      );
    });
    socket.on('message', (data: Buffer) => {
      // The broker writes one frame per WebSocket message, so a light client needs no stream parser.
      if (data[0] === 0x4d /* M */) {
        const bodyStart = data.indexOf('\n\n') + 2;
        onMessage(data.toString('utf8', bodyStart, data.length - 1));
      } else if (data.toString('latin1', 0, 7) === 'RECEIPT') resolve(socket);
      else if (data.toString('latin1', 0, 5) === 'ERROR') reject(new Error(data.toString()));
    });
  });
}

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

const ms = (value: number) => `${value.toFixed(2)} ms`;

async function main(): Promise<void> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['server'], {
    execArgv: [...process.execArgv, '--expose-gc'],
  });
  const deadline = setTimeout(() => {
    console.error(`時間切れ（${DEADLINE_MS / 1000} 秒）`);
    child.kill();
    process.exit(1);
  }, DEADLINE_MS);
  const replies: ((message: FromServer) => void)[] = [];
  child.on('message', (message: FromServer) => replies.shift()?.(message));
  /** Sends a command (if any) and resolves with the child's next reply, which must be of the given type. */
  const ask = <K extends FromServer['type']>(type: K, message?: ToServer) =>
    new Promise<Extract<FromServer, { type: K }>>((resolve, reject) => {
      replies.push((reply) =>
        reply.type === type
          ? resolve(reply as Extract<FromServer, { type: K }>)
          : reject(new Error(`${type} expected, got ${reply.type}`)),
      );
      if (message) child.send(message);
    });

  const { port } = await ask('ready');
  const url = `ws://127.0.0.1:${port}/ws`;
  const before = await ask('memory', { type: 'memory' });

  // Latency samples in ms, one per (message, client); `pending` counts the clients a message still has to reach.
  const latencies = new Float64Array(CONNECTIONS * MESSAGES * 2);
  let samples = 0;
  const pending = new Map<number, { left: number; done: () => void }>();
  const onMessage = (body: string) => {
    const [seq, sentAt] = body.split(',', 2);
    latencies[samples++] = Number(now() - BigInt(sentAt ?? '0')) / 1e6;
    const entry = pending.get(Number(seq));
    if (entry && --entry.left === 0) {
      pending.delete(Number(seq));
      entry.done();
    }
  };

  const openStarted = performance.now();
  const sockets: WebSocket[] = [];
  for (let first = 0; first < CONNECTIONS; first += OPEN_AT_ONCE) {
    const batch = Array.from({ length: Math.min(OPEN_AT_ONCE, CONNECTIONS - first) }, (_, i) =>
      openClient(url, first + i, onMessage),
    );
    sockets.push(...(await Promise.all(batch)));
  }
  const openMs = performance.now() - openStarted;
  const after = await ask('memory', { type: 'memory' });

  let seq = 0;
  const publish = () => {
    const id = ++seq;
    const delivered = new Promise<void>((done) => pending.set(id, { left: CONNECTIONS, done }));
    child.send({ type: 'publish', seq: id } satisfies ToServer);
    return delivered;
  };

  // Phase 1: one message at a time, so each one meets idle sockets.
  for (let i = 0; i < MESSAGES; i += 1) await publish();
  const idle = latencies.slice(0, samples).sort();

  // Phase 2: a bounded number of messages in flight, for the sustained rate.
  const loadFrom = samples;
  const started = performance.now();
  let sent = 0;
  await new Promise<void>((finished) => {
    let inFlight = 0;
    const next = () => {
      while (inFlight < IN_FLIGHT && sent < MESSAGES) {
        sent += 1;
        inFlight += 1;
        void publish().then(() => {
          inFlight -= 1;
          if (sent === MESSAGES && inFlight === 0) finished();
          else next();
        });
      }
    };
    next();
  });
  const loadSeconds = (performance.now() - started) / 1000;
  const loaded = latencies.slice(loadFrom, samples).sort();
  const { fanOutMs } = await ask('stats', { type: 'stats' });
  // Phase 1 only: in phase 2 one publish's await also spans the others queued with it.
  const serverSide = Float64Array.from(fanOutMs.slice(0, MESSAGES)).sort();

  const perConnection = (bytes: number) => `${(bytes / CONNECTIONS / 1024).toFixed(1)} KiB`;
  console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, Node ${process.version}`);
  console.log(`bus: ${REDIS_URL ? 'redis' : 'memory'}; clients and broker on loopback, separate processes`);
  console.log(`connections: ${after.connections} subscribed in ${(openMs / 1000).toFixed(1)} s`);
  console.log(
    `server memory per connection: heap ${perConnection(after.heapUsed - before.heapUsed)}, ` +
      `RSS ${perConnection(after.rss - before.rss)}`,
  );
  console.log(
    `fan-out latency, one message at a time (${MESSAGES} × ${CONNECTIONS}): ` +
      `p50 ${ms(percentile(idle, 50))}, p99 ${ms(percentile(idle, 99))}, max ${ms(percentile(idle, 100))}`,
  );
  if (serverSide.length > 0) {
    console.log(
      `broker time writing one message to all ${CONNECTIONS} sockets: ` +
        `p50 ${ms(percentile(serverSide, 50))}, p99 ${ms(percentile(serverSide, 99))}`,
    );
  }
  console.log(
    `fan-out latency, ${IN_FLIGHT} in flight (${MESSAGES} × ${CONNECTIONS}): ` +
      `p50 ${ms(percentile(loaded, 50))}, p99 ${ms(percentile(loaded, 99))}`,
  );
  console.log(
    `sustained delivery: ${Math.round((MESSAGES * CONNECTIONS) / loadSeconds).toLocaleString('en')} messages/s ` +
      `(${Math.round(MESSAGES / loadSeconds)} publishes/s × ${CONNECTIONS} subscribers)`,
  );

  for (const socket of sockets) socket.terminate();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.send({ type: 'stop' } satisfies ToServer);
  await exited;
  clearTimeout(deadline);
}

if (process.argv[2] === 'server') void serve();
else await main();

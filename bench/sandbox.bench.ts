// Sandbox telephony: BENCH_CALLS (200) concurrent browser-to-browser calls over real verto
// WebSockets, held BENCH_HOLD_S (60) seconds, signalling only. Prints the exchange's CPU time and
// memory per phase and checks that every leg produced its call record (two per call).
// Run: npx tsx bench/sandbox.bench.ts
//
// The exchange runs in a child process (embedded database, sandbox engine, WebSocket server on
// 127.0.0.1) so that its CPU and memory are measured alone; the scripted phones run in this one.
import { randomBytes, randomUUID } from 'node:crypto';
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createSecretBox } from '@tsunagu/server/platform/crypto/secrets';
import { openPglite } from '@tsunagu/server/platform/db/client';
import { migrate } from '@tsunagu/server/platform/db/migrate';
import { domains, extensions, gateways } from '@tsunagu/server/platform/db/schema';
import { createSandboxEngine } from '@tsunagu/server/telephony/sandbox/index';
import { WebSocket, WebSocketServer } from 'ws';

const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const HOLD_S = Number(process.env.BENCH_HOLD_S ?? 60);
const DOMAIN = 'bench.tsunagu.local';
const FIRST_EXTENSION = 2000;
/** Phones logging in or dialling at once. */
const AT_ONCE = 50;
const DEADLINE_MS = (HOLD_S + 120) * 1000;

type ToExchange = { type: 'sample' } | { type: 'stop' };
type Sample = {
  cpuUserMs: number;
  cpuSystemMs: number;
  rssMb: number;
  heapMb: number;
  legs: number;
  cdrs: number;
};
type FromExchange = { type: 'ready'; port: number; passwords: string[] } | ({ type: 'sample' } & Sample);

/** The child: the bench tenant on an in-memory database and the sandbox behind /verto. */
async function serve(): Promise<void> {
  process.once('disconnect', () => process.exit());
  const send = (message: FromExchange) => process.send?.(message);
  const database = await openPglite('memory://');
  await migrate(database);
  const secrets = createSecretBox(randomBytes(32));
  const domainUuid = randomUUID();
  await database.db.insert(domains).values({ domainUuid, domainName: DOMAIN, domainDescription: 'bench' });
  await database.db.insert(gateways).values({ gatewayUuid: randomUUID(), domainUuid, gateway: '0300000000' });
  const passwords = Array.from({ length: CALLS * 2 }, () => randomBytes(9).toString('base64url'));
  await database.db.insert(extensions).values(
    passwords.map((password, i) => ({
      extensionUuid: randomUUID(),
      domainUuid,
      extension: String(FIRST_EXTENSION + i),
      passwordEnc: secrets.seal(password),
      effectiveCallerIdName: `Bench ${i}`,
      callTimeout: 120,
    })),
  );
  let cdrs = 0;
  const engine = createSandboxEngine({ db: database.db, secrets });
  engine.on('cdr', () => cdrs++);
  const server = createServer();
  const wss = new WebSocketServer({ noServer: true, maxPayload: 256 * 1024 });
  server.on('upgrade', (request, socket, head) => {
    if (request.url !== '/verto') return socket.destroy();
    wss.handleUpgrade(request, socket, head, (ws) => engine.acceptVerto(ws));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  let cpu = process.cpuUsage();
  process.on('message', async (message: ToExchange) => {
    if (message.type === 'stop') {
      await engine.close();
      server.close();
      await database.close();
      process.exit(0);
    }
    const used = process.cpuUsage(cpu);
    // Collected first, so the heap figure is what the calls hold rather than garbage not yet swept.
    (globalThis as { gc?: () => void }).gc?.();
    cpu = process.cpuUsage();
    const memory = process.memoryUsage();
    send({
      type: 'sample',
      cpuUserMs: used.user / 1000,
      cpuSystemMs: used.system / 1000,
      rssMb: memory.rss / 2 ** 20,
      heapMb: memory.heapUsed / 2 ** 20,
      legs: engine.callState(DOMAIN).length,
      cdrs,
    });
  });
  send({ type: 'ready', port: (server.address() as AddressInfo).port, passwords });
}

/** A scripted verto phone: logs in, dials or answers, hangs up. */
class Phone {
  #socket!: WebSocket;
  readonly #replies = new Map<number, (frame: Record<string, unknown>) => void>();
  readonly #waiters = new Map<string, (params: Record<string, unknown>) => void>();
  #nextId = 1;
  readonly sessid = randomUUID();

  /** Connects (the socket is made here, so that its open event cannot pass unseen). */
  async open(url: string): Promise<void> {
    this.#socket = new WebSocket(url);
    this.#socket.on('message', (data) => this.#receive(JSON.parse(String(data)) as Record<string, unknown>));
    await once(this.#socket, 'open');
  }

  request(method: string, params: Record<string, unknown>): Promise<Record<string, unknown>> {
    const id = this.#nextId++;
    return new Promise((resolve) => {
      this.#replies.set(id, resolve);
      this.#socket.send(
        JSON.stringify({ jsonrpc: '2.0', method, params: { ...params, sessid: this.sessid }, id }),
      );
    });
  }

  /** Resolves with the params of the next server request of `method`. */
  expect(method: string): Promise<Record<string, unknown>> {
    return new Promise((resolve) => this.#waiters.set(method, resolve));
  }

  close(): void {
    this.#socket.close();
  }

  #receive(frame: Record<string, unknown>): void {
    if (typeof frame.method !== 'string') {
      this.#replies.get(frame.id as number)?.(frame);
      this.#replies.delete(frame.id as number);
      return;
    }
    const params = frame.params as Record<string, unknown>;
    if (typeof params.callID === 'string') {
      this.#socket.send(JSON.stringify({ jsonrpc: '2.0', id: frame.id, result: { method: frame.method } }));
    }
    const waiter = this.#waiters.get(frame.method);
    this.#waiters.delete(frame.method);
    waiter?.(params);
  }
}

/** Runs `task` over `items`, `limit` at a time. */
async function inBatches<T>(items: T[], limit: number, task: (item: T, index: number) => Promise<void>) {
  for (let i = 0; i < items.length; i += limit) {
    await Promise.all(items.slice(i, i + limit).map((item, j) => task(item, i + j)));
  }
}

const fmt = (n: number, digits = 1) => n.toFixed(digits);
/** Progress on stderr, so a stalled phase shows where it stalled. */
const progress = (text: string) => process.stderr.write(`  … ${text}\n`);

async function main(): Promise<void> {
  const exchange = fork(fileURLToPath(import.meta.url), ['exchange'], {
    execArgv: [...process.execArgv, '--expose-gc'],
  });
  const deadline = setTimeout(() => {
    console.error('sandbox bench: deadline passed');
    exchange.kill();
    process.exit(1);
  }, DEADLINE_MS);
  const inbox: ((message: FromExchange) => void)[] = [];
  exchange.on('message', (message: FromExchange) => inbox.shift()?.(message));
  const next = () => new Promise<FromExchange>((resolve) => inbox.push(resolve));
  const sample = async (): Promise<Sample> => {
    const reply = next();
    exchange.send({ type: 'sample' } satisfies ToExchange);
    return (await reply) as Sample;
  };

  const ready = await next();
  if (ready.type !== 'ready') throw new Error('exchange did not start');
  const url = `ws://127.0.0.1:${ready.port}/verto`;
  const idle = await sample();
  progress('exchange ready; logging in');

  // Every phone logs in: N callers (2000…) and N callees (2000+N…).
  const phones = ready.passwords.map(() => new Phone());
  let started = performance.now();
  await inBatches(phones, AT_ONCE, async (phone, i) => {
    await phone.open(url);
    const clientReady = phone.expect('verto.clientReady');
    const reply = await phone.request('login', {
      login: `${FIRST_EXTENSION + i}@${DOMAIN}`,
      passwd: ready.passwords[i],
      loginParams: {},
      userVariables: {},
    });
    if (!reply.result) throw new Error(`login ${FIRST_EXTENSION + i} failed`);
    await clientReady;
  });
  const loginMs = performance.now() - started;
  const loggedIn = await sample();
  progress('logged in; calling');

  // Every caller dials its callee, who answers as soon as it rings.
  const callers = phones.slice(0, CALLS);
  const callees = phones.slice(CALLS);
  const callIds: string[] = [];
  const setupMs: number[] = [];
  started = performance.now();
  await inBatches(callers, AT_ONCE, async (caller, i) => {
    const callee = callees[i] as Phone;
    const t0 = performance.now();
    const ringing = callee.expect('verto.invite');
    const answered = caller.expect('verto.answer');
    const callID = randomUUID();
    callIds[i] = callID;
    await caller.request('verto.invite', {
      sdp: `v=0\r\no=- ${i} 1 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n`,
      dialogParams: { callID, destination_number: String(FIRST_EXTENSION + CALLS + i) },
    });
    const invite = await ringing;
    await callee.request('verto.answer', { dialogParams: { callID: invite.callID }, sdp: `v=0 answer ${i}` });
    await answered;
    setupMs.push(performance.now() - t0);
  });
  const allUpMs = performance.now() - started;
  const up = await sample();
  progress(`calls up; holding ${HOLD_S} s`);

  // Held: nothing but the exchange's own keep-alive pings for HOLD_S seconds.
  await new Promise((resolve) => setTimeout(resolve, HOLD_S * 1000));
  const held = await sample();
  progress('hanging up');

  // Every caller hangs up; every callee hears verto.bye.
  started = performance.now();
  await inBatches(callers, AT_ONCE, async (caller, i) => {
    const byeAtCallee = (callees[i] as Phone).expect('verto.bye');
    await caller.request('verto.bye', { dialogParams: { callID: callIds[i] }, cause: 'NORMAL_CLEARING' });
    await byeAtCallee;
  });
  const teardownMs = performance.now() - started;
  const done = await sample();
  for (const phone of phones) phone.close();
  exchange.send({ type: 'stop' } satisfies ToExchange);
  await once(exchange, 'exit');
  clearTimeout(deadline);

  const sorted = [...setupMs].sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  const cpu = (s: Sample) => `${fmt(s.cpuUserMs + s.cpuSystemMs, 0)} ms`;
  const lost = CALLS * 2 - done.cdrs;
  console.log(
    `sandbox: ${CALLS} concurrent calls (${CALLS * 2} verto phones), held ${HOLD_S} s, signalling only`,
  );
  console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, node ${process.version}`);
  console.log(`  log in ${CALLS * 2} phones:  ${fmt(loginMs, 0)} ms   exchange CPU ${cpu(loggedIn)}`);
  console.log(
    `  set up ${CALLS} calls:     ${fmt(allUpMs, 0)} ms   exchange CPU ${cpu(up)}   per call p50 ${fmt(pct(50))} ms, p99 ${fmt(pct(99))} ms`,
  );
  console.log(
    `  hold ${HOLD_S} s:            legs ${held.legs}   exchange CPU ${cpu(held)} (${fmt(((held.cpuUserMs + held.cpuSystemMs) / (HOLD_S * 1000)) * 100, 2)} % of a core)`,
  );
  console.log(`  hang up ${CALLS} calls:    ${fmt(teardownMs, 0)} ms   exchange CPU ${cpu(done)}`);
  // RSS includes the embedded database (PGlite's WebAssembly memory), which dwarfs the exchange.
  console.log(
    `  memory (RSS / heap):     idle ${fmt(idle.rssMb)} / ${fmt(idle.heapMb)} MB, ${CALLS * 2} phones ${fmt(loggedIn.rssMb)} / ${fmt(loggedIn.heapMb)} MB, ${CALLS} calls up ${fmt(up.rssMb)} / ${fmt(up.heapMb)} MB, after hold ${fmt(held.rssMb)} / ${fmt(held.heapMb)} MB`,
  );
  console.log(`  call records: ${done.cdrs} of ${CALLS * 2} legs, lost ${lost}; legs left ${done.legs}`);
  if (lost !== 0 || done.legs !== 0 || held.legs !== CALLS * 2) process.exitCode = 1;
}

if (process.argv[2] === 'exchange') void serve();
else
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });

import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, type IFrame, type IMessage, type StompConfig } from '@stomp/stompjs';
import { applyLoginUsers, topics, type LoginUser, type LoginUserMessage } from '@tsunagu/contract';
import { WebSocket } from 'ws';
import { createStompBroker, type StompBroker, type StompBrokerOptions } from './broker';
import type { Bus } from './bus';
import { createStompParser, serializeFrame, type OutgoingFrame, type StompFrame } from './stomp-codec';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Test-only helpers: a broker on a real loopback server, a @stomp/stompjs client and a raw client. */

export interface TestPrincipal {
  userUuid: string;
  domainUuid: string;
  sessionId: string;
}

/** passcode → principal; the login header must name the same user. */
export const testUsers: Record<string, TestPrincipal> = {
  'token-a1': { userUuid: 'user-a', domainUuid: 'tenant-1', sessionId: 's-a1' },
  'token-a2': { userUuid: 'user-a', domainUuid: 'tenant-1', sessionId: 's-a2' },
  'token-b': { userUuid: 'user-b', domainUuid: 'tenant-1', sessionId: 's-b' },
  'token-c': { userUuid: 'user-c', domainUuid: 'tenant-2', sessionId: 's-c' },
};

/** A passcode or an `Authorization: Bearer` token, matched against the login header. */
export async function testAuthenticate(
  headers: Readonly<Record<string, string>>,
): Promise<TestPrincipal | null> {
  const token = headers.passcode ?? /^Bearer (.+)$/.exec(headers.Authorization ?? '')?.[1] ?? '';
  const principal = testUsers[token];
  return principal && principal.userUuid === headers.login ? principal : null;
}

/** The shape of the lead's policy: per-user topics for that user, tenant topics inside the tenant. */
export function testAuthorize(principal: TestPrincipal, destination: string): boolean {
  const [, topic, kind, owner] = destination.split('/');
  if (topic !== 'topic' || owner === undefined) return false;
  if (kind === 'loginUser' || kind === 'recall') return owner === principal.domainUuid;
  return owner === principal.userUuid || (kind === 'chat' && owner.startsWith('user-'));
}

export interface TestBroker {
  broker: StompBroker<TestPrincipal>;
  server: Server;
  url: string;
  close(): Promise<void>;
}

/** Starts an http server on 127.0.0.1:0 with a broker on /ws. */
export async function startTestBroker(
  bus: Bus,
  options: Partial<StompBrokerOptions<TestPrincipal>> = {},
): Promise<TestBroker> {
  const server = createServer((_, res) => res.writeHead(404).end());
  const broker = createStompBroker<TestPrincipal>({
    bus,
    server,
    authenticate: testAuthenticate,
    authorize: testAuthorize,
    ...options,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    broker,
    server,
    url: `ws://127.0.0.1:${port}/ws`,
    async close() {
      await broker.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface TestStompClient {
  client: Client;
  /** Resolves with CONNECTED; rejects with the ERROR frame if the broker refuses. */
  connected: Promise<IFrame>;
  /** The first ERROR frame. */
  error: Promise<IFrame>;
  /** Resolves when the WebSocket closes. */
  closed: Promise<void>;
}

/** A real @stomp/stompjs client over the `ws` package (Node 20 has no global WebSocket). */
export function stompClient(url: string, config: StompConfig = {}): TestStompClient {
  const client = new Client({
    webSocketFactory: () => new WebSocket(url, ['v12.stomp']),
    reconnectDelay: 0,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 20_000,
    debug: () => {},
    ...config,
  });
  let rejectConnected: (frame: IFrame) => void = () => {};
  const connected = new Promise<IFrame>((resolve, reject) => {
    client.onConnect = resolve;
    rejectConnected = reject;
  });
  const error = new Promise<IFrame>((resolve) => {
    client.onStompError = (frame) => {
      rejectConnected(frame);
      resolve(frame);
    };
  });
  const closed = new Promise<void>((resolve) => (client.onWebSocketClose = () => resolve()));
  connected.catch(() => {});
  client.activate();
  return { client, connected, error, closed };
}

export interface RawClient {
  socket: WebSocket;
  send(frame: OutgoingFrame | string): void;
  /** The next frame from the server (heart-beats are counted, not returned). */
  next(): Promise<StompFrame>;
  /** Resolves once this many heart-beat EOLs have arrived in total. */
  heartbeats(count: number): Promise<void>;
  /** Heart-beat EOLs received so far. */
  beats(): number;
  /** Resolves with the close code. */
  closed: Promise<number>;
}

/** A bare WebSocket speaking STOMP by hand, for what a well-behaved library will not do. */
export async function rawClient(url: string): Promise<RawClient> {
  const socket = new WebSocket(url, ['v12.stomp']);
  const parser = createStompParser();
  const frames: StompFrame[] = [];
  const waiting: ((frame: StompFrame) => void)[] = [];
  let heartbeatCount = 0;
  const heartbeatWaiters: (() => void)[] = [];
  socket.on('message', (data: Buffer) => {
    if (data.toString() === '\n') {
      heartbeatCount += 1;
      heartbeatWaiters.splice(0).forEach((wake) => wake());
    }
    for (const frame of parser.feed(data)) {
      const waiter = waiting.shift();
      if (waiter) waiter(frame);
      else frames.push(frame);
    }
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  return {
    socket,
    send: (frame) => socket.send(typeof frame === 'string' ? frame : serializeFrame(frame)),
    next: () => {
      const frame = frames.shift();
      return frame ? Promise.resolve(frame) : new Promise((resolve) => waiting.push(resolve));
    },
    beats: () => heartbeatCount,
    heartbeats: async (count) => {
      while (heartbeatCount < count) await new Promise<void>((resolve) => heartbeatWaiters.push(resolve));
    },
    closed,
  };
}

/** A raw client that has sent CONNECT and received CONNECTED. */
export async function rawConnected(url: string, passcode: string, heartBeat = '0,0'): Promise<RawClient> {
  const raw = await rawClient(url);
  const user = testUsers[passcode]?.userUuid ?? 'nobody';
  raw.send({
    command: 'CONNECT',
    headers: { 'accept-version': '1.2', login: user, passcode, 'heart-beat': heartBeat },
  });
  const frame = await raw.next();
  if (frame.command !== 'CONNECTED') throw new Error(`CONNECTED expected, got ${frame.command}`);
  return raw;
}

/** Wraps a bus to count the live subscriptions the broker holds on it. */
export function countingBus(bus: Bus): Bus & { live: () => number } {
  let live = 0;
  return {
    ...bus,
    live: () => live,
    async subscribe(topic, handler) {
      const unsubscribe = await bus.subscribe(topic, handler);
      live += 1;
      return () => {
        live -= 1;
        unsubscribe();
      };
    },
  };
}

/** Subscribes with a receipt and resolves once the broker confirmed it: from then on no message is missed. */
export async function subscribed(
  client: TestStompClient,
  destination: string,
  onMessage: (m: IMessage) => void,
) {
  const receipt = randomUUID();
  const live = new Promise<void>((resolve) => client.client.watchForReceipt(receipt, () => resolve()));
  const subscription = client.client.subscribe(destination, onMessage, { receipt });
  await live;
  return subscription;
}

/** A confirmed subscription to the topic; `next` is the first message that satisfies the predicate. */
export async function nextMessage(
  client: TestStompClient,
  destination: string,
  accept: (m: IMessage) => boolean = () => true,
): Promise<{ next: Promise<IMessage> }> {
  let resolve!: (m: IMessage) => void;
  const next = new Promise<IMessage>((r) => (resolve = r));
  const subscription = await subscribed(client, destination, (m) => {
    if (accept(m)) resolve(m);
  });
  void next.then(() => subscription.unsubscribe());
  return { next };
}

/** Follows /topic/loginUser as the console does (the whole list first, then changes) and counts frames. */
export async function followPresence(client: TestStompClient, tenantUuid: string) {
  let list: LoginUser[] = [];
  let frames = 0;
  const waiters = new Set<() => void>();
  const subscription = await subscribed(client, topics.loginUser(tenantUuid), (m) => {
    list = applyLoginUsers(list, JSON.parse(m.body) as LoginUserMessage);
    frames += 1;
    for (const waiter of [...waiters]) waiter();
  });
  const count = (userUuid: string) => list.find((u) => u.userUuid === userUuid)?.loginCnt ?? 0;
  return {
    count,
    list: () => list,
    frames: () => frames,
    unsubscribe: () => subscription.unsubscribe(),
    /** Settles once the followed list satisfies the predicate. */
    until: (holds: (count: (userUuid: string) => number) => boolean) =>
      new Promise<void>((resolve) => {
        const check = () => holds(count) && (waiters.delete(check), resolve());
        waiters.add(check);
        check();
      }),
  };
}

import type { IMessage } from '@stomp/stompjs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { createMemoryBus } from './bus';
import {
  countingBus,
  rawClient,
  rawConnected,
  startTestBroker,
  stompClient,
  subscribed,
  testAuthenticate,
  type TestBroker,
  type TestPrincipal,
  type TestStompClient,
} from './stomp-test-kit';

const bus = countingBus(createMemoryBus());
const onConnect = vi.fn<(principal: TestPrincipal) => void>();
const onDisconnect = vi.fn<(principal: TestPrincipal) => void>();
const authenticate = vi.fn(testAuthenticate);
let test: TestBroker;
const clients: TestStompClient[] = [];

function connect(passcode: string, config: Parameters<typeof stompClient>[1] = {}): TestStompClient {
  const login = passcode.startsWith('token-a') ? 'user-a' : passcode === 'token-b' ? 'user-b' : 'user-c';
  const client = stompClient(test.url, { connectHeaders: { login, passcode }, ...config });
  clients.push(client);
  return client;
}

function nextMessage(client: TestStompClient, destination: string, headers = {}): Promise<IMessage> {
  return new Promise((resolve) => {
    const subscription = client.client.subscribe(
      destination,
      (message) => {
        subscription.unsubscribe();
        resolve(message);
      },
      headers,
    );
  });
}

beforeAll(async () => {
  test = await startTestBroker(bus, {
    authenticate,
    onConnect,
    onDisconnect,
    limits: { connectTimeoutMs: 300, maxFrameBytes: 4096 },
  });
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.client.deactivate()));
  await vi.waitFor(() => expect(test.broker.connections()).toBe(0));
});

afterAll(async () => {
  await test.close();
  await bus.close();
});

describe('CONNECT', () => {
  it('answers CONNECTED 1.2 with the negotiated heart-beat and reports the principal', async () => {
    const client = connect('token-a1', { heartbeatOutgoing: 20_000, heartbeatIncoming: 0 });
    const frame = await client.connected;
    expect(frame.headers.version).toBe('1.2');
    // The client sends every 20 s and wants nothing: the server expects 20 s and sends nothing.
    expect(frame.headers['heart-beat']).toBe('0,20000');
    expect(onConnect).toHaveBeenLastCalledWith({
      userUuid: 'user-a',
      domainUuid: 'tenant-1',
      sessionId: 's-a1',
    });
    expect(test.broker.connections()).toBe(1);
    await client.client.deactivate();
    await vi.waitFor(() =>
      expect(onDisconnect).toHaveBeenCalledWith(expect.objectContaining({ sessionId: 's-a1' })),
    );
  });

  it('hands every CONNECT header to authenticate, including Authorization', async () => {
    const client = stompClient(test.url, {
      connectHeaders: { login: 'user-b', Authorization: 'Bearer token-b' },
    });
    clients.push(client);
    await client.connected;
    expect(authenticate).toHaveBeenLastCalledWith(
      expect.objectContaining({
        login: 'user-b',
        Authorization: 'Bearer token-b',
        'accept-version': '1.2,1.1,1.0',
      }),
    );
  });

  it('refuses bad credentials with an ERROR frame, then closes', async () => {
    const client = stompClient(test.url, { connectHeaders: { login: 'user-a', passcode: 'token-b' } });
    clients.push(client);
    await expect(client.connected).rejects.toMatchObject({
      command: 'ERROR',
      headers: { message: '認証に失敗しました' },
    });
    await client.closed;
  });

  it('refuses a client that does not speak 1.2', async () => {
    const raw = await rawClient(test.url);
    raw.send({
      command: 'CONNECT',
      headers: { 'accept-version': '1.0,1.1', login: 'user-a', passcode: 'token-a1' },
    });
    expect(await raw.next()).toMatchObject({
      command: 'ERROR',
      headers: { message: expect.stringContaining('1.2') },
    });
    await raw.closed;
  });

  it('refuses any frame before CONNECT', async () => {
    const raw = await rawClient(test.url);
    raw.send({ command: 'SUBSCRIBE', headers: { id: '0', destination: '/topic/ring/user-a' } });
    expect((await raw.next()).command).toBe('ERROR');
    await raw.closed;
  });

  it('closes a socket that never sends CONNECT', async () => {
    const raw = await rawClient(test.url);
    expect((await raw.next()).headers.message).toBe('CONNECT が届きませんでした');
    await raw.closed;
  });

  it('handles frames pipelined behind CONNECT in order, even while authentication is pending', async () => {
    const raw = await rawClient(test.url);
    raw.send(
      'CONNECT\naccept-version:1.2\nlogin:user-a\npasscode:token-a1\n\n\0' +
        'SUBSCRIBE\nid:0\ndestination:/topic/ring/user-a\nreceipt:sub\n\n\0',
    );
    expect((await raw.next()).command).toBe('CONNECTED');
    expect(await raw.next()).toMatchObject({ command: 'RECEIPT', headers: { 'receipt-id': 'sub' } });
    raw.socket.close();
  });
});

describe('SUBSCRIBE and delivery', () => {
  it('delivers a published message with the STOMP headers', async () => {
    const client = connect('token-a1');
    await client.connected;
    const received = nextMessage(client, '/topic/ring/user-a', { id: 'ring-sub' });
    await vi.waitFor(() => expect(bus.live()).toBe(1));
    await test.broker.publish('/topic/ring/user-a', '1,山田 太郎,0312345678');
    const message = await received;
    expect(message.body).toBe('1,山田 太郎,0312345678');
    expect(message.headers).toMatchObject({
      subscription: 'ring-sub',
      destination: '/topic/ring/user-a',
      'content-type': 'text/plain;charset=utf-8',
      'content-length': String(Buffer.byteLength('1,山田 太郎,0312345678')),
    });
    expect(message.headers['message-id']).toEqual(expect.any(String));
  });

  it('refuses another user’s topic with an ERROR carrying the receipt-id, then closes', async () => {
    const client = connect('token-a1');
    await client.connected;
    client.client.subscribe('/topic/ring/user-b', () => {}, { receipt: 'sub-1' });
    expect(await client.error).toMatchObject({
      headers: { message: 'この宛先を購読する権限がありません', 'receipt-id': 'sub-1' },
      body: '/topic/ring/user-b',
    });
    await client.closed;
  });

  it('refuses another tenant’s topic but allows the own tenant’s', async () => {
    const mine = connect('token-a1');
    await mine.connected;
    await subscribed(mine, '/topic/loginUser/tenant-1', () => {});
    const other = connect('token-c');
    await other.connected;
    other.client.subscribe('/topic/loginUser/tenant-1', () => {});
    expect((await other.error).headers.message).toBe('この宛先を購読する権限がありません');
  });

  it('fans out to every subscriber and holds one bus subscription per destination', async () => {
    const [a1, a2] = [connect('token-a1'), connect('token-a2')];
    await Promise.all([a1.connected, a2.connected]);
    const got: string[] = [];
    const sub1 = await subscribed(a1, '/topic/chat/user-a', (m) => got.push(`a1:${m.body}`));
    const sub2 = await subscribed(a2, '/topic/chat/user-a', (m) => got.push(`a2:${m.body}`));
    expect(bus.live()).toBe(1);
    await test.broker.publish('/topic/chat/user-a', 'x');
    await vi.waitFor(() => expect(got.sort()).toEqual(['a1:x', 'a2:x']));
    const left = new Promise<void>((resolve) => a1.client.watchForReceipt('left', () => resolve()));
    sub1.unsubscribe({ receipt: 'left' });
    await left;
    expect(bus.live()).toBe(1);
    await test.broker.publish('/topic/chat/user-a', 'y');
    await vi.waitFor(() => expect(got).toContain('a2:y'));
    expect(got).not.toContain('a1:y');
    sub2.unsubscribe();
    await vi.waitFor(() => expect(bus.live()).toBe(0));
  });

  it('stops delivering after UNSUBSCRIBE, confirmed by a receipt', async () => {
    const client = connect('token-a1');
    await client.connected;
    const got: string[] = [];
    const subscription = await subscribed(client, '/topic/force/user-a', (m) => got.push(m.body));
    const receipt = new Promise<void>((resolve) => client.client.watchForReceipt('unsub', () => resolve()));
    subscription.unsubscribe({ receipt: 'unsub' });
    await receipt;
    await test.broker.publish('/topic/force/user-a', 'late');
    // A message on a topic still subscribed proves the late one had its chance to arrive first.
    const marker = nextMessage(client, '/topic/ring/user-a');
    await vi.waitFor(() => expect(bus.live()).toBe(1));
    await test.broker.publish('/topic/ring/user-a', 'marker');
    expect((await marker).body).toBe('marker');
    expect(got).toEqual([]);
  });
});

describe('SEND', () => {
  it('publishes on the bus and reaches another user’s subscription, with a receipt', async () => {
    const [a, b] = [connect('token-a1'), connect('token-b')];
    await Promise.all([a.connected, b.connected]);
    const received = new Promise<IMessage>((resolve) => void subscribed(b, '/topic/chat/user-b', resolve));
    await vi.waitFor(() => expect(bus.live()).toBe(1));
    const onBus = new Promise<string>((resolve) => void bus.subscribe('/topic/chat/user-b', resolve));
    const receipt = new Promise<void>((resolve) => a.client.watchForReceipt('sent', () => resolve()));
    a.client.publish({ destination: '/topic/chat/user-b', body: 'こんにちは', headers: { receipt: 'sent' } });
    await receipt;
    expect(await onBus).toBe('こんにちは');
    expect((await received).body).toBe('こんにちは');
  });

  it('refuses a SEND the policy does not allow', async () => {
    const client = connect('token-a1');
    await client.connected;
    client.client.publish({ destination: '/topic/loginUser/tenant-2', body: '[]' });
    expect((await client.error).headers.message).toBe('この宛先に送信する権限がありません');
    await client.closed;
  });
});

describe('DISCONNECT, malformed input and limits', () => {
  it('answers DISCONNECT with its RECEIPT, then closes', async () => {
    const raw = await rawConnected(test.url, 'token-a1');
    raw.send({ command: 'DISCONNECT', headers: { receipt: '77' } });
    expect(await raw.next()).toMatchObject({ command: 'RECEIPT', headers: { 'receipt-id': '77' } });
    expect(await raw.closed).toBe(1000);
  });

  it('answers a malformed frame with ERROR and closes, and keeps serving others', async () => {
    const raw = await rawConnected(test.url, 'token-a1');
    raw.send('SEND\ndestination:/topic/chat/user-a\nbad\\xescape:1\n\n\0');
    expect(await raw.next()).toMatchObject({
      command: 'ERROR',
      headers: { message: 'フレームの形式が正しくありません' },
    });
    await raw.closed;
    await (await rawConnected(test.url, 'token-b')).socket.close();
  });

  it('answers an oversized frame with ERROR', async () => {
    const raw = await rawConnected(test.url, 'token-a1');
    raw.send({ command: 'SEND', headers: { destination: '/topic/chat/user-a' }, body: 'x'.repeat(5000) });
    expect((await raw.next()).body.toString()).toContain('大きすぎます');
    await raw.closed;
  });

  it('refuses transactions and unknown commands', async () => {
    const raw = await rawConnected(test.url, 'token-a1');
    raw.send({ command: 'BEGIN', headers: { transaction: 't1' } });
    expect((await raw.next()).headers.message).toBe('トランザクションには対応していません');
    const other = await rawConnected(test.url, 'token-a1');
    other.send({ command: 'FROB' });
    expect((await other.next()).headers.message).toBe('未対応のコマンドです: FROB');
    await Promise.all([raw.closed, other.closed]);
  });

  it('answers a malformed heart-beat header as a malformed frame, not a server failure', async () => {
    const onError = vi.fn();
    const strict = await startTestBroker(bus, { onError });
    const raw = await rawClient(strict.url);
    raw.send({ command: 'CONNECT', headers: { 'accept-version': '1.2', 'heart-beat': 'often' } });
    expect(await raw.next()).toMatchObject({ headers: { message: 'フレームの形式が正しくありません' } });
    await raw.closed;
    await strict.close();
    expect(onError).not.toHaveBeenCalled();
  });

  it('refuses a SUBSCRIBE without destination', async () => {
    const raw = await rawConnected(test.url, 'token-a1');
    raw.send({ command: 'SUBSCRIBE', headers: { id: '1' } });
    expect((await raw.next()).headers.message).toBe('ヘッダー「destination」がありません');
    await raw.closed;
  });

  it('turns away upgrades on other paths', async () => {
    const socket = new WebSocket(test.url.replace('/ws', '/other'));
    await new Promise((resolve) => socket.once('error', resolve));
  });
});

describe('heart-beat', () => {
  // Intervals of 100 ms keep the tests short yet leave room for a busy machine.
  let fast: TestBroker;
  beforeAll(async () => {
    fast = await startTestBroker(bus, { heartbeat: { sendEveryMs: 100, expectEveryMs: 100 } });
  });
  afterAll(() => fast.close());

  it('closes a client that goes silent for twice the negotiated interval', async () => {
    const raw = await rawClient(fast.url);
    // The CONNECT is the last thing this client ever sends.
    const silentSince = Date.now();
    raw.send({
      command: 'CONNECT',
      headers: { 'accept-version': '1.2', login: 'user-a', passcode: 'token-a1', 'heart-beat': '100,0' },
    });
    expect((await raw.next()).headers['heart-beat']).toBe('0,100');
    await raw.closed;
    expect(Date.now() - silentSince).toBeGreaterThanOrEqual(200);
  });

  it('keeps a heart-beating stompjs client and sends it heart-beats when asked', async () => {
    let pongs = 0;
    const client = stompClient(fast.url, {
      connectHeaders: { login: 'user-a', passcode: 'token-a1' },
      heartbeatOutgoing: 100,
      heartbeatIncoming: 100,
      onHeartbeatReceived: () => (pongs += 1),
    });
    clients.push(client);
    expect((await client.connected).headers['heart-beat']).toBe('100,100');
    // Six server heart-beats span three silence windows of 200 ms: the client's own beats kept it open.
    await vi.waitFor(() => expect(pongs).toBeGreaterThanOrEqual(6), { timeout: 5000 });
    expect(client.client.connected).toBe(true);
    expect(fast.broker.connections()).toBe(1);
  });

  it('sends heart-beats only to a client that asks for them', async () => {
    const quiet = await rawConnected(fast.url, 'token-b', '100,0');
    const asking = await rawConnected(fast.url, 'token-a1', '100,100');
    // Both keep themselves alive; the asking client's heart-beats measure the time that passed.
    const beating = setInterval(() => [quiet, asking].forEach((raw) => raw.socket.send('\n')), 30);
    await asking.heartbeats(4);
    clearInterval(beating);
    expect(quiet.beats()).toBe(0);
    quiet.socket.close();
    asking.socket.close();
  });
});

describe('disconnectWhere', () => {
  it('closes only the matching sessions with an ERROR', async () => {
    const [a1, a2, b] = [connect('token-a1'), connect('token-a2'), connect('token-b')];
    await Promise.all([a1.connected, a2.connected, b.connected]);
    expect(test.broker.disconnectWhere((p) => p.sessionId === 's-a1')).toBe(1);
    expect((await a1.error).headers.message).toBe('セッションが終了しました');
    await a1.closed;
    await vi.waitFor(() => expect(test.broker.connections()).toBe(2));
    expect(test.broker.disconnectWhere((p) => p.userUuid === 'user-a', 'ログアウトされました')).toBe(1);
    expect((await a2.error).headers.message).toBe('ログアウトされました');
    expect(b.client.connected).toBe(true);
  });
});

import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { FakeStompBroker } from './fake-stomp';
import { createRealtimeClient, type RealtimeClient } from './realtime-client';

// Real sockets (jsdom runs on Node): @stomp/stompjs over `ws`, against a small STOMP server on a free port.
let server: WebSocketServer;
let broker: FakeStompBroker;
let url: string;
const clients: RealtimeClient[] = [];

beforeEach(async () => {
  vi.stubGlobal('WebSocket', WebSocket);
  broker = new FakeStompBroker();
  server = new WebSocketServer({
    port: 0,
    host: '127.0.0.1',
    handleProtocols: (protocols) => (protocols.has('v12.stomp') ? 'v12.stomp' : false),
  });
  server.on('connection', (socket) => {
    const link = broker.accept({ send: (text) => socket.send(text), close: () => socket.close() });
    socket.on('message', (data) => link.receive(String(data)));
    socket.on('close', () => link.closed());
  });
  await new Promise((listening) => server.once('listening', listening));
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`;
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.deactivate()));
  await new Promise((closed) => server.close(closed));
  vi.unstubAllGlobals();
});

function connect(onRefused?: (message: string) => void, onConnected?: () => void): RealtimeClient {
  const client = createRealtimeClient({ url, userUuid: 'user-1', token: 'token-1', onRefused, onConnected });
  clients.push(client);
  return client;
}

const until = (assertion: () => void) => vi.waitFor(assertion, { timeout: 5_000, interval: 20 });

describe('realtime client', () => {
  it('connects with the session as login/passcode and the spec heart-beat', async () => {
    connect();
    await until(() => expect(broker.open()).toHaveLength(1));
    expect(broker.open()[0]?.connectHeaders).toMatchObject({
      login: 'user-1',
      passcode: 'token-1',
      'heart-beat': '20000,0',
    });
  });

  it('delivers the bodies of a subscription made before the connection was up', async () => {
    const client = connect();
    const received: string[] = [];
    client.subscribe('/topic/chat/user-1', (body) => received.push(body));

    await until(() => expect(broker.isSubscribed('/topic/chat/user-1')).toBe(true));
    expect(broker.publish('/topic/chat/user-1', 'chat-uuid')).toBe(1);
    expect(broker.publish('/topic/chat/other', 'x')).toBe(0);
    await until(() => expect(received).toEqual(['chat-uuid']));
  });

  it('stops delivering after unsubscribe, keeping the other subscriptions', async () => {
    const client = connect();
    await until(() => expect(client.connected).toBe(true));
    const chat: string[] = [];
    const recall: string[] = [];
    const stopChat = client.subscribe('/topic/chat/user-1', (body) => chat.push(body));
    client.subscribe('/topic/recall/d-1', (body) => recall.push(body));
    await until(() => expect(broker.isSubscribed('/topic/recall/d-1')).toBe(true));

    stopChat();
    stopChat();
    await until(() => expect(broker.isSubscribed('/topic/chat/user-1')).toBe(false));
    expect(broker.publish('/topic/chat/user-1', 'late')).toBe(0);
    broker.publish('/topic/recall/d-1', '3');
    await until(() => expect(recall).toEqual(['3']));
    expect(chat).toEqual([]);
  });

  it('reconnects after the server drops the socket, renews its subscriptions and says so', async () => {
    const connected = vi.fn();
    const client = connect(undefined, connected);
    const received: string[] = [];
    client.subscribe('/topic/loginUser/d-1', (body) => received.push(body));
    await until(() => expect(broker.isSubscribed('/topic/loginUser/d-1')).toBe(true));
    expect(connected).toHaveBeenCalledTimes(1);

    const dropped = Date.now();
    broker.drop(broker.open()[0]!);
    await until(() => expect(broker.isSubscribed('/topic/loginUser/d-1')).toBe(true));
    // The reconnect waits the spec's 500 ms first (a little slack for timer granularity).
    expect(Date.now() - dropped).toBeGreaterThanOrEqual(450);
    expect(broker.connections).toHaveLength(2);
    expect(connected).toHaveBeenCalledTimes(2);

    broker.publish('/topic/loginUser/d-1', '[]');
    await until(() => expect(received).toEqual(['[]']));
  });

  it('reports an ERROR frame (refused session) and keeps trying', async () => {
    broker.refuseWith = 'ログインしてください。';
    const refused = vi.fn();
    connect(refused);
    await until(() => expect(refused).toHaveBeenCalledWith('ログインしてください。'));

    broker.refuseWith = null;
    await until(() => expect(broker.open()).toHaveLength(1));
    expect(broker.connections.length).toBeGreaterThanOrEqual(2);
  });

  it('closes for good on deactivate', async () => {
    const client = connect();
    await until(() => expect(broker.open()).toHaveLength(1));

    await client.deactivate();

    await until(() => expect(broker.open()).toHaveLength(0));
    expect(client.connected).toBe(false);
    // Twice the reconnect delay: nothing may come back.
    await new Promise((wait) => setTimeout(wait, 1_000));
    expect(broker.connections).toHaveLength(1);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisBus } from './bus';
import {
  nextMessage,
  startTestBroker,
  stompClient,
  TEST_REDIS_URL,
  type TestBroker,
  type TestStompClient,
} from './stomp-test-kit';

// Two server instances, each with its own broker, http server and Redis connections, as behind a load
// balancer. A unique prefix keeps this run apart from anything else on the same Redis.
const prefix = `tsunagu-test-${randomUUID()}:`;
const busA = createRedisBus(TEST_REDIS_URL, { prefix });
const busB = createRedisBus(TEST_REDIS_URL, { prefix });
let instanceA: TestBroker;
let instanceB: TestBroker;
const clients: TestStompClient[] = [];

beforeAll(async () => {
  [instanceA, instanceB] = await Promise.all([startTestBroker(busA), startTestBroker(busB)]);
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.client.deactivate()));
  await Promise.all([instanceA.close(), instanceB.close()]);
  await Promise.all([busA.close(), busB.close()]);
});

async function connectedClient(instance: TestBroker, login: string, passcode: string) {
  const client = stompClient(instance.url, { connectHeaders: { login, passcode } });
  clients.push(client);
  await client.connected;
  return client;
}

describe('two brokers on one Redis bus', () => {
  it('delivers a message published on instance A to a client of instance B', async () => {
    const onB = await connectedClient(instanceB, 'user-b', 'token-b');
    const { next: first } = await nextMessage(onB, '/topic/loginUser/tenant-1');
    await instanceA.broker.publish('/topic/loginUser/tenant-1', '[{"userUuid":"user-a"}]');
    expect((await first).body).toBe('[{"userUuid":"user-a"}]');
  });

  it('carries a client’s SEND on A to a subscriber on B', async () => {
    const onA = await connectedClient(instanceA, 'user-a', 'token-a1');
    const onB = await connectedClient(instanceB, 'user-b', 'token-b');
    const { next: first } = await nextMessage(onB, '/topic/chat/user-b');
    onA.client.publish({ destination: '/topic/chat/user-b', body: '新着メッセージ' });
    const received = await first;
    expect(received.body).toBe('新着メッセージ');
    expect(received.headers.destination).toBe('/topic/chat/user-b');
  });
});

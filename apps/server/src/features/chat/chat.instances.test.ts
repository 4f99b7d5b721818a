import { randomUUID } from 'node:crypto';
import { topics, type UserInfo } from '@tsunagu/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { useTwoInstances, type Instance } from '../../testing/instances';
import { stompClient } from '../../platform/realtime/stomp-test-kit';

// Two server instances on one database (PostgreSQL in the server-pg project) and one Redis:
// a chat sent through instance A reaches a client connected to instance B.
const two = useTwoInstances();

async function signIn(app: FastifyInstance, username: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password: FACTORY_PASSWORD },
  });
  const token = String(res.headers.authorization).replace('Bearer ', '');
  const headers = { authorization: `Bearer ${token}`, cookie: 'XSRF-TOKEN=x', 'x-xsrf-token': 'x' };
  const info = (await app.inject({ method: 'GET', url: `/api/v1/user/info/${username}`, headers })).json()
    .data as UserInfo;
  return { token, headers, info };
}

describe('two instances on one Redis', () => {
  it('delivers a chat sent through instance A to a client connected to instance B', async () => {
    const [a, b] = two.list as [Instance, Instance];
    const yamada = await signIn(a.app, (await two.build.user(two.tenant)).username);
    const suzuki = await signIn(b.app, (await two.build.user(two.tenant, { userNm: '鈴木 花子' })).username);
    const address = await b.app.listen({ port: 0, host: '127.0.0.1' });
    const client = stompClient(address.replace('http', 'ws') + '/ws', {
      connectHeaders: { login: suzuki.info.user.userUuid, passcode: suzuki.token },
    });
    await client.connected;
    const chatUuid = randomUUID();
    const received = new Promise<string>((resolve) => {
      client.client.subscribe(topics.chat(suzuki.info.user.userUuid), (m) => resolve(m.body), {
        receipt: 'sub-1',
      });
    });
    await new Promise<void>((resolve) => client.client.watchForReceipt('sub-1', () => resolve()));

    const sent = await a.app.inject({
      method: 'POST',
      url: '/api/v1/chat/send',
      headers: yamada.headers,
      payload: {
        chatUuid,
        domainUuid: yamada.info.domain.domainUuid,
        userUuid: yamada.info.user.userUuid,
        message: '別インスタンスへ',
        toUsers: JSON.stringify([{ id: suzuki.info.user.userUuid, itemName: '鈴木 花子' }]),
      },
    });
    expect(sent.statusCode).toBe(200);
    expect(await received).toBe(chatUuid);
    await client.client.deactivate();
  });
});

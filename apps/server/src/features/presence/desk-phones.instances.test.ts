import { topics, type UserInfo } from '@tsunagu/contract';
import { describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { useTwoInstances, type Instance } from '../../testing/instances';
import { nextMessage, stompClient, type TestStompClient } from '../../platform/realtime/stomp-test-kit';

// Two server instances on one database and one Redis, each with its own sandbox engine: a simulated
// desk phone's registration on instance A reaches a presence tab connected to instance B.
const clients: TestStompClient[] = [];
const two = useTwoInstances({
  testEngines: true,
  beforeClose: () => Promise.all(clients.map((c) => c.client.deactivate())),
});

describe('desk phones across instances', () => {
  it("delivers the sandbox's desk-phone registration on instance A to a client of instance B", async () => {
    const [a, b] = two.list as [Instance, Instance];
    const deskPhone = await two.build.extension(two.tenant);
    const user = await two.build.user(two.tenant);
    const login = await b.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: user.username, password: FACTORY_PASSWORD },
    });
    const token = String(login.headers.authorization).replace('Bearer ', '');
    const info = (
      await b.app.inject({
        method: 'GET',
        url: `/api/v1/user/info/${user.username}`,
        headers: { authorization: `Bearer ${token}` },
      })
    ).json().data as UserInfo;
    const address = await b.app.listen({ port: 0, host: '127.0.0.1' });
    const client = stompClient(address.replace('http', 'ws') + '/ws', {
      connectHeaders: { login: info.user.userUuid, passcode: token },
    });
    clients.push(client);
    await client.connected;
    const { next } = await nextMessage(client, topics.deskPhone(info.domain.domainUuid));

    a.engine!.emit('registration', {
      domainName: info.domain.domainName,
      extension: deskPhone.extension,
      registered: true,
      kind: 'sip',
    });

    expect(JSON.parse((await next).body)).toEqual({ extension: deskPhone.extension, registered: true });
  });
});

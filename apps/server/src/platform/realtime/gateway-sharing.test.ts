import { topics, type LoginUser, type UserInfo } from '@tsunagu/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createMemoryBus, type Bus, type SharingListener } from './bus';
import { nextMessage, stompClient, type TestStompClient } from './stomp-test-kit';

// A bus shared with other instances whose sharing the test turns off and on.
let listener: SharingListener = () => {};
const bus: Bus = {
  ...createMemoryBus(),
  watchSharing: (l) => {
    listener = l;
    return () => {};
  },
};

let t: TestApp;
let url: string;
const clients: TestStompClient[] = [];

beforeAll(async () => {
  t = await createTestApp({ deps: { bus } });
  url = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws') + '/ws';
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.client.deactivate()));
  await t.close();
  await bus.close();
});

const count = (body: string, userUuid: string) =>
  (JSON.parse(body) as LoginUser[]).find((u) => u.userUuid === userUuid)?.loginCnt ?? 0;

describe('real-time gateway when sharing between instances resumes', () => {
  it("sends its clients their tenant's current presence again", async () => {
    const session = await t.login('yamada', 'Staff#2026');
    const info = (await t.request(session, { method: 'GET', url: '/api/v1/user/info/yamada' })).json()
      .data as UserInfo;
    const topic = topics.loginUser(info.domain.domainUuid);
    // The presence published for this client's own connection, seen on the bus before it can race the test.
    const ownPublished = new Promise<void>((resolve) => {
      void bus.subscribe(topic, (body) => count(body, info.user.userUuid) === 1 && resolve());
    });
    const client = stompClient(url, {
      connectHeaders: { login: info.user.userUuid, passcode: session.token },
    });
    clients.push(client);
    await client.connected;
    await ownPublished;

    // Suzuki came online on another instance while Redis was away: nothing was published here.
    await t.login('suzuki', 'Staff#2026');
    await t.database.db.execute(sql`INSERT INTO realtime_instances (instance_id) VALUES ('elsewhere')`);
    await t.database.db.execute(sql`INSERT INTO realtime_connections (session_uuid, instance_id, connections)
      SELECT session_uuid, 'elsewhere', 1 FROM sessions s JOIN users u USING (user_uuid)
      WHERE u.username = 'suzuki' AND s.revoked_at IS NULL`);
    const suzuki = info.userGroup.commDetails
      .flatMap((g) => g.userList)
      .find((u) => u.userNm === '鈴木 花子')!.userUuid;
    const { next } = await nextMessage(client, topic, (m) => count(m.body, suzuki) === 1);
    listener(false, new Error('ECONNREFUSED'));
    listener(true);
    expect(count((await next).body, info.user.userUuid)).toBe(1);
  });
});

import type { UserInfoWithDirectory } from '@tsunagu/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createMemoryBus, type Bus, type SharingListener } from './bus';
import { followPresence, stompClient, type TestStompClient } from './stomp-test-kit';

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
// Yamada and Suzuki, in one presence group of an office.
const id = { yamada: '', suzuki: '' };

beforeAll(async () => {
  t = await createTestApp({ deps: { bus } });
  url = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws') + '/ws';
  const office = await t.build.tenant();
  const yamada = await t.build.user(office, { userNm: '山田 太郎' });
  const suzuki = await t.build.user(office, { userNm: '鈴木 花子' });
  await t.build.userGroup(office, [yamada, suzuki]);
  [id.yamada, id.suzuki] = [yamada.username, suzuki.username];
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.client.deactivate()));
  await t.close();
  await bus.close();
});

describe('real-time gateway when sharing between instances resumes', () => {
  it("sends its clients their tenant's current presence again", async () => {
    const session = await t.login(id.yamada, FACTORY_PASSWORD);
    const info = (
      await t.request(session, { method: 'GET', url: `/api/v1/user/info/${id.yamada}?directory=true` })
    ).json().data as UserInfoWithDirectory;
    const client = stompClient(url, {
      connectHeaders: { login: info.user.userUuid, passcode: session.token },
    });
    clients.push(client);
    await client.connected;
    const presence = await followPresence(client, info.domain.domainUuid);
    await presence.until((count) => count(info.user.userUuid) === 1);

    // Suzuki came online on another instance while Redis was away: nothing was published here.
    await t.login(id.suzuki, FACTORY_PASSWORD);
    await t.database.db.execute(sql`INSERT INTO realtime_instances (instance_id) VALUES ('elsewhere')`);
    await t.database.db.execute(sql`INSERT INTO realtime_connections (session_uuid, instance_id, connections)
      SELECT session_uuid, 'elsewhere', 1 FROM sessions s JOIN users u USING (user_uuid)
      WHERE u.username = ${id.suzuki} AND s.revoked_at IS NULL`);
    const suzuki = info.userGroup.commDetails
      .flatMap((g) => g.userList)
      .find((u) => u.userNm === '鈴木 花子')!.userUuid;
    const frames = presence.frames();
    listener(false, new Error('ECONNREFUSED'));
    listener(true);
    await presence.until((count) => count(suzuki) === 1);
    // Only the difference was sent; what the client held stays.
    expect(presence.frames()).toBe(frames + 1);
    expect(presence.count(info.user.userUuid)).toBe(1);
  });
});

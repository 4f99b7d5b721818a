import { topics, type UserInfoWithDirectory } from '@tsunagu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  followPresence,
  nextMessage,
  stompClient,
  type TestStompClient,
} from '../../platform/realtime/stomp-test-kit';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp, type TestSession } from '../../testing/test-app';

let t: TestApp;
let url: string;
type User = Awaited<ReturnType<TestApp['build']['user']>>;
/** Who the tests act as: staff yamada and suzuki and an administrator in one tenant, sato in another. */
let me: Record<string, { userUuid: string; username: string; domainUuid: string; session: TestSession }> = {};
const clients: TestStompClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = address.replace('http', 'ws') + '/ws';
  const [tenant, otherTenant] = await Promise.all([t.build.tenant(), t.build.tenant()]);
  const users: Record<string, User> = {
    yamada: await t.build.user(tenant, { userNm: '山田 太郎' }),
    suzuki: await t.build.user(tenant, { userNm: '鈴木 花子' }),
    admin: await t.build.user(tenant, { userClass: 'CP', userNm: '管理者' }),
    sato: await t.build.user(otherTenant, { userNm: '佐藤 次郎' }),
    'admin-b': await t.build.user(otherTenant, { userClass: 'CP', userNm: '管理者B' }),
  };
  await t.build.userGroup(tenant, [users.yamada!, users.suzuki!], { name: '営業部' });
  me = {};
  for (const [name, user] of Object.entries(users)) {
    me[name] = {
      userUuid: user.userUuid,
      username: user.username,
      domainUuid: user.domainUuid,
      session: await t.login(user.username, FACTORY_PASSWORD),
    };
  }
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.client.deactivate()));
  await t.close();
});

const connect = (name: string, headers: Record<string, string> = {}) => {
  const who = me[name]!;
  const c = stompClient(url, {
    connectHeaders: { login: who.userUuid, passcode: who.session.token, ...headers },
  });
  clients.push(c);
  return c;
};

describe('real-time channel /ws', () => {
  it("refuses a CONNECT without a valid session or with someone else's login", async () => {
    const anonymous = stompClient(url, { connectHeaders: { login: me.yamada!.userUuid } });
    clients.push(anonymous);
    expect((await anonymous.error).headers.message).toBeTruthy();
    const forged = connect('yamada', { login: me.suzuki!.userUuid });
    await forged.error;
    const garbage = connect('yamada', { passcode: 'not-a-token' });
    await garbage.error;
  });

  it('accepts the login ID as well as the user uuid, and a Bearer header instead of passcode', async () => {
    const byId = stompClient(url, {
      connectHeaders: { login: me.yamada!.username, Authorization: `Bearer ${me.yamada!.session.token}` },
    });
    clients.push(byId);
    await byId.connected;
    await byId.client.deactivate();
  });

  it('publishes presence when a user comes online and goes offline, and lists them in loginUsers', async () => {
    const watcher = connect('yamada');
    await watcher.connected;
    const presence = await followPresence(watcher, me.yamada!.domainUuid);
    const suzuki = connect('suzuki');
    await suzuki.connected;
    await presence.until((count) => count(me.suzuki!.userUuid) === 1);
    const list = await t.request(me.yamada!.session, {
      method: 'GET',
      url: `/api/v1/user/loginUsers/${me.yamada!.domainUuid}`,
    });
    expect(list.json().data).toContainEqual({ userUuid: me.suzuki!.userUuid, loginCnt: 1 });

    await suzuki.client.deactivate();
    await presence.until((count) => count(me.suzuki!.userUuid) === 0);
    // Connection rows are written after the frames that caused them (the previous test's socket of the
    // same session may close only now): read until they settle, for at most five seconds.
    const counts = async () => {
      const info = (
        await t.request(me.yamada!.session, {
          method: 'GET',
          url: `/api/v1/user/info/${me.yamada!.username}?directory=true`,
        })
      ).json().data as UserInfoWithDirectory;
      const group = info.userGroup.commDetails.find((g) => g.commName === '営業部');
      const count = (userUuid: string) => group?.userList.find((u) => u.userUuid === userUuid)?.loginCnt;
      return [count(me.yamada!.userUuid), count(me.suzuki!.userUuid)];
    };
    let seen = await counts();
    for (let i = 0; i < 50 && (seen[0] !== 1 || seen[1] !== 0); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      seen = await counts();
    }
    expect(seen).toEqual([1, 0]);
  });

  it('sends a new recall subscriber the current count first (published later only when it changes)', async () => {
    const c = connect('yamada');
    await c.connected;
    const first = new Promise<string>((resolve) =>
      c.client.subscribe(topics.recall(me.yamada!.domainUuid), (m) => resolve(m.body)),
    );
    const read = await t.request(me.yamada!.session, {
      method: 'GET',
      url: `/api/v1/cdr/recall/${me.yamada!.domainUuid}`,
    });
    expect(await first).toBe(String((read.json().data as { count: number }).count));
    await c.client.deactivate();
  });

  it("refuses subscriptions to another user's and another tenant's topics", async () => {
    const c = connect('yamada');
    await c.connected;
    c.client.subscribe(topics.chat(me.suzuki!.userUuid), () => {});
    expect((await c.error).headers.message).toBeTruthy();
    const d = connect('yamada');
    await d.connected;
    d.client.subscribe(topics.loginUser(me.sato!.domainUuid), () => {});
    await d.error;
  });

  it('lets nobody publish (SEND is refused)', async () => {
    const c = connect('yamada');
    await c.connected;
    c.client.publish({ destination: topics.chat(me.yamada!.userUuid), body: 'spoof' });
    await c.error;
  });

  it("closes a session's connections when it signs out", async () => {
    const session = await t.login(me.suzuki!.username, FACTORY_PASSWORD);
    const c = stompClient(url, { connectHeaders: { login: me.suzuki!.userUuid, passcode: session.token } });
    clients.push(c);
    await c.connected;
    await t.request(session, { method: 'GET', url: '/api/logout' });
    await c.closed;
  });

  it("forced logout: the admin ends a user's sessions, the user is told on /topic/force and disconnected", async () => {
    const session = await t.login(me.suzuki!.username, FACTORY_PASSWORD);
    const c = stompClient(url, { connectHeaders: { login: me.suzuki!.userUuid, passcode: session.token } });
    clients.push(c);
    await c.connected;
    const { next: told } = await nextMessage(c, topics.force(me.suzuki!.userUuid));
    const res = await t.request(me.admin!.session, {
      method: 'POST',
      url: '/api/v1/user/forceLogout',
      payload: { userUuid: me.suzuki!.userUuid },
    });
    expect(res.statusCode).toBe(200);
    // The user is told who ended the session.
    expect(JSON.parse((await told).body)).toEqual({ by: expect.stringMatching(/\S/) });
    await c.closed;
    expect(
      (await t.request(session, { method: 'GET', url: `/api/v1/user/info/${me.suzuki!.username}` }))
        .statusCode,
    ).toBe(401);
  });

  it('forced logout is for administrators of the same tenant only', async () => {
    const asStaff = await t.request(me.yamada!.session, {
      method: 'POST',
      url: '/api/v1/user/forceLogout',
      payload: { userUuid: me.suzuki!.userUuid },
    });
    expect(asStaff.statusCode).toBe(403);
    const otherTenant = await t.request(me['admin-b']!.session, {
      method: 'POST',
      url: '/api/v1/user/forceLogout',
      payload: { userUuid: me.yamada!.userUuid },
    });
    expect(otherTenant.statusCode).toBe(404);
    expect(
      (
        await t.request(me.yamada!.session, {
          method: 'GET',
          url: `/api/v1/user/info/${me.yamada!.username}`,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('forced logout asks the same capability as its button: staff who manage users are refused too', async () => {
    const tenant = await t.build.tenant();
    const menu = JSON.stringify([
      {
        variant: 3000,
        attributes: { hidden: false },
        children: [{ variant: 3100, attributes: { hidden: false } }],
      },
    ]);
    const manager = await t.build.user(tenant, { menu });
    const colleague = await t.build.user(tenant);
    const managerSession = await t.login(manager.username, FACTORY_PASSWORD);
    const colleagueSession = await t.login(colleague.username, FACTORY_PASSWORD);
    const res = await t.request(managerSession, {
      method: 'POST',
      url: '/api/v1/user/forceLogout',
      payload: { userUuid: colleague.userUuid },
    });
    expect(res.statusCode).toBe(403);
    const info = await t.request(colleagueSession, {
      method: 'GET',
      url: `/api/v1/user/info/${colleague.username}`,
    });
    expect(info.statusCode).toBe(200);
  });
});

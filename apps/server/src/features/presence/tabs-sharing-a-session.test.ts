import { messages } from '@tsunagu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followPresence, stompClient, type TestStompClient } from '../../platform/realtime/stomp-test-kit';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

// Issue 20: the tabs of one browser share one session (the web's tab-session.ts). Each tab opens its
// own real-time socket with the same token; the server must count that as one session online and one
// place of the user's session limit, and end every tab's socket when the session ends.

type User = Awaited<ReturnType<TestApp['build']['user']>>;

let t: TestApp;
let url: string;
/** Three staff users of one tenant built for the file. */
let yamada: User;
let suzuki: User;
let tanaka: User;
const clients: TestStompClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = address.replace('http', 'ws') + '/ws';
  const tenant = await t.build.tenant();
  yamada = await t.build.user(tenant, { userNm: '山田 太郎' });
  suzuki = await t.build.user(tenant, { userNm: '鈴木 花子' });
  tanaka = await t.build.user(tenant, { userNm: '田中 一郎' });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.client.deactivate()));
  await t.close();
});

const signIn = (user: User) => t.login(user.username, FACTORY_PASSWORD);

const tab = (userUuid: string, token: string) => {
  const c = stompClient(url, { connectHeaders: { login: userUuid, passcode: token } });
  clients.push(c);
  return c;
};

describe('one session shared by the tabs of a browser', () => {
  it('counts three tabs on one token as one session online and one place of the limit', async () => {
    const watcherSession = await signIn(yamada);
    const watcher = tab(yamada.userUuid, watcherSession.token);
    await watcher.connected;
    const presence = await followPresence(watcher, yamada.domainUuid);

    const shared = await signIn(suzuki);
    const id = suzuki.userUuid;
    const tabs = [tab(id, shared.token), tab(id, shared.token), tab(id, shared.token)];
    await Promise.all(tabs.map((c) => c.connected));
    await presence.until((count) => count(id) === 1);
    const list = await t.request(watcherSession, {
      method: 'GET',
      url: `/api/v1/user/loginUsers/${yamada.domainUuid}`,
    });
    expect(list.json().data).toContainEqual({ userUuid: id, loginCnt: 1 });

    // The limit is three sessions: the shared one holds a single place, so two more sign-ins fit.
    expect(suzuki.maxSessions).toBe(3);
    await signIn(suzuki);
    await signIn(suzuki);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: suzuki.username, password: FACTORY_PASSWORD },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(messages.sessionMax);
  });

  it("closes every tab's socket when the shared session signs out in one of them", async () => {
    const shared = await signIn(tanaka);
    const tabs = [tab(tanaka.userUuid, shared.token), tab(tanaka.userUuid, shared.token)];
    await Promise.all(tabs.map((c) => c.connected));

    expect((await t.request(shared, { method: 'GET', url: '/api/logout' })).statusCode).toBe(200);

    await Promise.all(tabs.map((c) => c.closed));
  });
});

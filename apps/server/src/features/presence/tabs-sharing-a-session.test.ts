import { messages, type UserInfo } from '@tsunagu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followPresence, stompClient, type TestStompClient } from '../../platform/realtime/stomp-test-kit';
import { createTestApp, type TestApp, type TestSession } from '../../testing/test-app';

// Issue 20: the tabs of one browser share one session (the web's tab-session.ts). Each tab opens its
// own real-time socket with the same token; the server must count that as one session online and one
// place of the user's session limit, and end every tab's socket when the session ends.

let t: TestApp;
let url: string;
const clients: TestStompClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = address.replace('http', 'ws') + '/ws';
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.client.deactivate()));
  await t.close();
});

async function whoIs(session: TestSession, name: string): Promise<UserInfo> {
  return (await t.request(session, { method: 'GET', url: `/api/v1/user/info/${name}` })).json()
    .data as UserInfo;
}

const tab = (userUuid: string, token: string) => {
  const c = stompClient(url, { connectHeaders: { login: userUuid, passcode: token } });
  clients.push(c);
  return c;
};

describe('one session shared by the tabs of a browser', () => {
  it('counts three tabs on one token as one session online and one place of the limit', async () => {
    const watcherSession = await t.login('yamada', 'Staff#2026');
    const yamada = await whoIs(watcherSession, 'yamada');
    const watcher = tab(yamada.user.userUuid, watcherSession.token);
    await watcher.connected;
    const presence = await followPresence(watcher, yamada.domain.domainUuid);

    const shared = await t.login('suzuki', 'Staff#2026');
    const suzuki = (await whoIs(shared, 'suzuki')).user.userUuid;
    const tabs = [tab(suzuki, shared.token), tab(suzuki, shared.token), tab(suzuki, shared.token)];
    await Promise.all(tabs.map((c) => c.connected));
    await presence.until((count) => count(suzuki) === 1);
    const list = await t.request(watcherSession, {
      method: 'GET',
      url: `/api/v1/user/loginUsers/${yamada.domain.domainUuid}`,
    });
    expect(list.json().data).toContainEqual({ userUuid: suzuki, loginCnt: 1 });

    // The limit is three sessions: the shared one holds a single place, so two more sign-ins fit.
    await t.login('suzuki', 'Staff#2026');
    await t.login('suzuki', 'Staff#2026');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'suzuki', password: 'Staff#2026' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(messages.sessionMax);
  });

  it("closes every tab's socket when the shared session signs out in one of them", async () => {
    const shared = await t.login('tanaka', 'Staff#2026');
    const tanaka = (await whoIs(shared, 'tanaka')).user.userUuid;
    const tabs = [tab(tanaka, shared.token), tab(tanaka, shared.token)];
    await Promise.all(tabs.map((c) => c.connected));

    expect((await t.request(shared, { method: 'GET', url: '/api/logout' })).statusCode).toBe(200);

    await Promise.all(tabs.map((c) => c.closed));
  });
});

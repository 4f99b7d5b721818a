import { randomUUID } from 'node:crypto';
import { topics, type UserInfo } from '@tsunagu/contract';
import type { IMessage } from '@stomp/stompjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribed, stompClient, type TestStompClient } from '../../platform/realtime/stomp-test-kit';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp, type TestSession } from '../../testing/test-app';

// The whole app as it runs: a PBX save through the API reaches the tenant's open consoles on
// /topic/pbx/{tenant} (they then fetch the tenant directory again: see the e2e journey
// seeing-pbx-changes-live), and no other tenant's.

let t: TestApp;
let url: string;
const clients: TestStompClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  url = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws') + '/ws';
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.client.deactivate()));
  await t.close();
});

/** A console of the session's user, following its tenant's /topic/pbx; `heard` collects the bodies. */
async function openConsole(session: TestSession, username: string) {
  const info = (await t.request(session, { method: 'GET', url: `/api/v1/user/info/${username}` })).json()
    .data as UserInfo;
  const client = stompClient(url, {
    connectHeaders: { login: info.user.userUuid, passcode: session.token },
  });
  clients.push(client);
  await client.connected;
  const heard: string[] = [];
  await subscribed(client, topics.pbx(info.domain.domainUuid), (m: IMessage) => heard.push(m.body));
  return { heard, domainUuid: info.domain.domainUuid };
}

const until = async (check: () => boolean) => {
  const deadline = Date.now() + 10_000;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
};

describe('/topic/pbx after a PBX save', () => {
  it("tells the tenant's consoles which kind changed, once per save, and no other tenant's", async () => {
    const [tenant, other] = await Promise.all([t.build.tenant(), t.build.tenant()]);
    const [staff, administrator, outsider] = await Promise.all([
      t.build.user(tenant),
      t.build.user(tenant, { userClass: 'CP' }),
      t.build.user(other),
    ]);
    const signIn = (user: { username: string }) => t.login(user.username, FACTORY_PASSWORD);
    const colleague = await openConsole(await signIn(staff), staff.username);
    const stranger = await openConsole(await signIn(outsider), outsider.username);

    const admin = await signIn(administrator);
    const created = await t.request(admin, {
      method: 'POST',
      url: '/api/v1/extension/create',
      payload: { extension: '1999', effectiveCallerIdName: `ライブ${randomUUID().slice(0, 4)}` },
    });
    expect(created.statusCode).toBe(200);
    await until(() => colleague.heard.length > 0);
    expect(colleague.heard).toEqual(['extension']);

    // A save that fails validation changes nothing and announces nothing.
    const refused = await t.request(admin, {
      method: 'POST',
      url: '/api/v1/extension/create',
      payload: { extension: '59', effectiveCallerIdName: 'x' },
    });
    expect(refused.statusCode).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(colleague.heard).toEqual(['extension']);
    expect(stranger.heard).toEqual([]);
  });
});

import { topics, type UserStatusEntry } from '@tsunagu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { userStatusChanges, userStatuses } from '../../platform/db/schema';
import { nextMessage, stompClient, type TestStompClient } from '../../platform/realtime/stomp-test-kit';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp, type TestSession } from '../../testing/test-app';
import { createTestEngine } from '../../testing/test-engine';
import type { CallStateEntry } from '../../telephony/engine';

const engine = createTestEngine();
let t: TestApp;
let url: string;
type Tenant = Awaited<ReturnType<TestApp['build']['tenant']>>;
let tenant: Tenant;
let other: Tenant;
let staff: { userUuid: string; username: string; session: TestSession; extension: string };
let admin: { userUuid: string; session: TestSession };
let outsider: TestSession;
const clients: TestStompClient[] = [];

beforeAll(async () => {
  t = await createTestApp({ deps: { engine } });
  url = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws') + '/ws';
  tenant = await t.build.tenant();
  const ext = await t.build.extension(tenant);
  const staffRow = await t.build.user(tenant, { extensionUuid: ext.extensionUuid });
  const adminRow = await t.build.user(tenant, { userClass: 'CP' });
  staff = {
    userUuid: staffRow.userUuid,
    username: staffRow.username,
    session: await t.login(staffRow.username, FACTORY_PASSWORD),
    extension: ext.extension,
  };
  admin = { userUuid: adminRow.userUuid, session: await t.login(adminRow.username, FACTORY_PASSWORD) };
  other = await t.build.tenant();
  outsider = await t.login((await t.build.user(other, { userClass: 'CP' })).username, FACTORY_PASSWORD);
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.client.deactivate()));
  await t.close();
});

const choose = (session: TestSession, status: string) =>
  t.request(session, { method: 'POST', url: '/api/v1/user/status', payload: { status } });
const list = async (session: TestSession, domainUuid = tenant.domainUuid) =>
  t.request(session, { method: 'GET', url: `/api/v1/user/status/${domainUuid}` });
const statusOf = async (userUuid: string) => {
  const [row] = await t.database.db.select().from(userStatuses).where(eq(userStatuses.userUuid, userUuid));
  return row?.status;
};
const history = (userUuid: string) =>
  t.database.db
    .select({ from: userStatusChanges.fromStatus, to: userStatusChanges.toStatus })
    .from(userStatusChanges)
    .where(eq(userStatusChanges.userUuid, userUuid))
    .orderBy(userStatusChanges.changeId);
const talking = (extension: string): CallStateEntry => ({
  uuid: `ch-${extension}`,
  extension,
  application: 'bridge',
  dest: '0312345678',
  cid_num: extension,
  callee_num: '0312345678',
  sent_callee_num: '0312345678',
  direction: 'inbound',
  callstate: 'ACTIVE',
});

describe('user status', () => {
  it('a chosen status is stored, listed for the tenant, recorded and published live', async () => {
    const watcher = stompClient(url, {
      connectHeaders: { login: admin.userUuid, passcode: admin.session.token },
    });
    clients.push(watcher);
    await watcher.connected;
    const { next } = await nextMessage(watcher, topics.userStatus(tenant.domainUuid), (m) =>
      m.body.includes('"meeting"'),
    );
    const res = await choose(staff.session, 'meeting');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ userUuid: staff.userUuid, status: 'meeting' });
    expect(JSON.parse((await next).body)).toMatchObject([{ userUuid: staff.userUuid, status: 'meeting' }]);
    const listed = (await list(admin.session)).json().data as UserStatusEntry[];
    expect(listed.find((s) => s.userUuid === staff.userUuid)?.status).toBe('meeting');
    expect((await history(staff.userUuid)).at(-1)).toEqual({ from: 'signedOut', to: 'meeting' });
  });

  it('refuses a status the system sets, or none, in Japanese, changing nothing', async () => {
    for (const status of ['onCall', 'signedOut', 'sleeping']) {
      const res = await choose(staff.session, status);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('ステータスを選択してください。');
    }
    expect(await statusOf(staff.userUuid)).toBe('meeting');
  });

  it("another tenant's statuses are invisible and its users cannot be changed from here", async () => {
    expect((await list(outsider)).statusCode).toBe(403);
    expect((await list(staff.session, other.domainUuid)).statusCode).toBe(403);
    const own = (await list(outsider, other.domainUuid)).json().data as UserStatusEntry[];
    expect(own.some((s) => s.userUuid === staff.userUuid)).toBe(false);
    // Choosing is only ever one's own status: the body cannot name another user or tenant.
    await t.request(outsider, {
      method: 'POST',
      url: '/api/v1/user/status',
      payload: { status: 'break', userUuid: staff.userUuid, domainUuid: tenant.domainUuid },
    });
    expect(await statusOf(staff.userUuid)).toBe('meeting');
  });

  it('the after-call work setting is for administrators, validated in Japanese', async () => {
    const path = `/api/v1/user/status/setting/${tenant.domainUuid}`;
    const save = (session: TestSession, payload: Record<string, number>) =>
      t.request(session, { method: 'POST', url: path, payload });
    expect((await save(staff.session, { wrapUpSeconds: 5 })).statusCode).toBe(403);
    expect((await save(outsider, { wrapUpSeconds: 5 })).statusCode).toBe(403);
    const bad = await save(admin.session, { wrapUpSeconds: 9999 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('後処理の秒数は600以下で入力してください。');
    expect((await t.request(staff.session, { method: 'GET', url: path })).json().data).toEqual({
      wrapUpSeconds: 0,
    });
    expect((await save(admin.session, { wrapUpSeconds: 1 })).statusCode).toBe(200);
    expect((await t.request(staff.session, { method: 'GET', url: path })).json().data).toEqual({
      wrapUpSeconds: 1,
    });
  });

  it('a call makes 通話中, then automatic 後処理, then the chosen status again', async () => {
    engine.channels.set(tenant.domainName, [talking(staff.extension)]);
    engine.emit('callState', { domainName: tenant.domainName });
    await vi.waitFor(async () => expect(await statusOf(staff.userUuid)).toBe('onCall'));
    engine.channels.set(tenant.domainName, []);
    engine.emit('callState', { domainName: tenant.domainName });
    await vi.waitFor(async () => expect(await statusOf(staff.userUuid)).toBe('wrapUp'));
    // The one-second setting runs out and an instance's sweep ends it.
    await vi.waitFor(async () => expect(await statusOf(staff.userUuid)).toBe('meeting'), { timeout: 10_000 });
    expect((await history(staff.userUuid)).slice(-3)).toEqual([
      { from: 'meeting', to: 'onCall' },
      { from: 'onCall', to: 'wrapUp' },
      { from: 'wrapUp', to: 'meeting' },
    ]);
  });

  it('signing in to the console is 在席 from ログアウト, leaving it ログアウト', async () => {
    const fresh = await t.build.user(tenant);
    const session = await t.login(fresh.username, FACTORY_PASSWORD);
    const client = stompClient(url, { connectHeaders: { login: fresh.userUuid, passcode: session.token } });
    clients.push(client);
    await client.connected;
    await vi.waitFor(async () => expect(await statusOf(fresh.userUuid)).toBe('available'), {
      timeout: 10_000,
    });
    await t.request(session, { method: 'GET', url: '/api/logout' });
    await client.client.deactivate();
    await vi.waitFor(async () => expect(await statusOf(fresh.userUuid)).toBe('signedOut'), {
      timeout: 10_000,
    });
  });
});

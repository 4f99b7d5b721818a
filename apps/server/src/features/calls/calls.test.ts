import {
  occupiedParkSlots,
  parseRingBody,
  topics,
  type ParkTopicBody,
  type UserInfoWithDirectory,
} from '@tsunagu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryBus } from '../../platform/realtime';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp, type TestSession } from '../../testing/test-app';
import { createTestEngine } from '../../testing/test-engine';
import { reasons } from '@tsunagu/contract';

const bus = createMemoryBus();
const engine = createTestEngine();
let t: TestApp;
let tanaka: TestSession;
let adminB: TestSession;
let info: UserInfoWithDirectory;
/** The tenant's name: yamada on 1001, tanaka on 1003 (a desk phone), 1002 without a user. */
let tenantName: string;

beforeAll(async () => {
  t = await createTestApp({ deps: { bus, engine } });
  const tenant = await t.build.tenant();
  const otherTenant = await t.build.tenant();
  tenantName = tenant.domainName;
  const yamadaPhone = await t.build.extension(tenant, { extension: '1001' });
  await t.build.extension(tenant, { extension: '1002' });
  const tanakaPhone = await t.build.extension(tenant, { extension: '1003' });
  await t.build.user(tenant, { userNm: '山田 太郎', extensionUuid: yamadaPhone.extensionUuid });
  const user = await t.build.user(tenant, {
    userNm: '田中 一郎',
    phoneType: 'phone',
    extensionUuid: tanakaPhone.extensionUuid,
  });
  const otherAdmin = await t.build.user(otherTenant, { userClass: 'CP' });
  tanaka = await t.login(user.username, FACTORY_PASSWORD);
  adminB = await t.login(otherAdmin.username, FACTORY_PASSWORD);
  info = (
    await t.request(tanaka, { method: 'GET', url: `/api/v1/user/info/${user.username}?directory=true` })
  ).json().data;
});
afterAll(async () => {
  await t.close();
  await bus.close();
});

const next = (topic: string) => new Promise<string>((resolve) => void bus.subscribe(topic, resolve));

describe('calls', () => {
  it("lists the tenant's channels from the engine", async () => {
    engine.channels.set(tenantName, [
      {
        uuid: 'c1',
        extension: '1001',
        application: 'bridge',
        dest: '1002',
        cid_num: '1001',
        callee_num: '1002',
        sent_callee_num: '1002',
        direction: 'outbound',
        callstate: 'ACTIVE',
      },
    ]);
    const res = await t.request(tanaka, {
      method: 'GET',
      url: `/api/v1/call/callState/${info.domain.domainUuid}`,
    });
    expect(res.json().data).toEqual([expect.objectContaining({ uuid: 'c1', callstate: 'ACTIVE' })]);
    expect(
      (await t.request(adminB, { method: 'GET', url: `/api/v1/call/callState/${info.domain.domainUuid}` }))
        .statusCode,
    ).toBe(403);
  });

  it("click-to-call rings only the caller's own extension and strips the dialled number", async () => {
    const res = await t.request(tanaka, {
      method: 'POST',
      url: '/api/v1/call/clickToCall',
      payload: { extensionUuid: info.user.extensionUuid, dest: '03 1234 5678' },
    });
    expect(res.statusCode).toBe(200);
    expect(engine.clickToCalls.at(-1)).toEqual({
      domainName: tenantName,
      extension: '1003',
      dest: '0312345678',
    });
    const other = info.extensions.find((e) => e.extension === '1001')!.extensionUuid;
    const refused = await t.request(tanaka, {
      method: 'POST',
      url: '/api/v1/call/clickToCall',
      payload: { extensionUuid: other, dest: '1002' },
    });
    expect(refused.statusCode).toBe(403);
    const bad = await t.request(tanaka, {
      method: 'POST',
      url: '/api/v1/call/clickToCall',
      payload: { extensionUuid: info.user.extensionUuid, dest: 'abc' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('answers 503 with a Japanese message when the exchange cannot be reached', async () => {
    engine.unreachable = true;
    const res = await t.request(tanaka, {
      method: 'POST',
      url: '/api/v1/call/clickToCall',
      payload: { extensionUuid: info.user.extensionUuid, dest: '1002' },
    });
    engine.unreachable = false;
    expect(res.statusCode).toBe(503);
    expect(res.json().msg).toBe(reasons.telephonyUnreachable);
  });

  it('turns ring, park and call-state events into their topics', async () => {
    const ring = next(topics.ring(info.user.userUuid));
    engine.emit('ring', {
      domainName: tenantName,
      extension: '1003',
      callId: 'x',
      callerName: '山田 太郎',
      callerNumber: '1001',
      clickToCall: true,
    });
    expect(parseRingBody(await ring)).toEqual({
      callerName: '山田 太郎',
      callerNumber: '1001',
      clickToCall: true,
    });

    const park = next(topics.park(tenantName));
    engine.emit('park', {
      domainName: tenantName,
      slots: [3, 5].map((slot) => ({
        slot,
        extension: String(5900 + slot),
        occupied: slot === 3,
        callerIdNumber: '',
        callerIdName: '',
      })),
    });
    expect([...occupiedParkSlots(JSON.parse(await park) as ParkTopicBody)]).toEqual([3]);

    const state = next(topics.callState(info.domain.domainUuid));
    engine.emit('callState', { domainName: tenantName });
    expect(await state).toBe('');
  });
});

import { topics, type DeskPhoneState } from '@tsunagu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextMessage, stompClient, type TestStompClient } from '../../platform/realtime/stomp-test-kit';
import { createNoopEngine, type TelephonyEngine } from '../../telephony/engine';
import { createEngineEmitter } from '../../telephony/sandbox/engine-events';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp, type TestSession } from '../../testing/test-app';

/** An engine whose desk phones the test sets per tenant, and whose registration events it fires. */
const events = createEngineEmitter((error) => {
  throw error;
});
const phones = new Map<string, DeskPhoneState[]>();
const softphones = new Map<string, string[]>();
const engine: TelephonyEngine = {
  ...createNoopEngine(),
  deskPhones: async (tenantUuid) => phones.get(tenantUuid) ?? [],
  softphones: async (tenantUuid) => softphones.get(tenantUuid) ?? [],
  on: events.on,
};

let t: TestApp;
let url: string;
const me: Record<string, { userUuid: string; domainUuid: string; domainName: string; session: TestSession }> =
  {};
const clients: TestStompClient[] = [];

beforeAll(async () => {
  t = await createTestApp({ deps: { engine } });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = address.replace('http', 'ws') + '/ws';
  // yamada's tenant and sato's, each with a staff user, built for the file.
  const [tenant, otherTenant] = await Promise.all([t.build.tenant(), t.build.tenant()]);
  for (const [name, home] of [
    ['yamada', tenant],
    ['sato', otherTenant],
  ] as const) {
    const user = await t.build.user(home);
    me[name] = {
      userUuid: user.userUuid,
      domainUuid: home.domainUuid,
      domainName: home.domainName,
      session: await t.login(user.username, FACTORY_PASSWORD),
    };
  }
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.client.deactivate()));
  await t.close();
});

const connect = (name: string) => {
  const who = me[name]!;
  const c = stompClient(url, { connectHeaders: { login: who.userUuid, passcode: who.session.token } });
  clients.push(c);
  return c;
};

describe('desk phones in presence', () => {
  it("lists the caller's tenant's desk phones; another tenant's list is refused; none without a session", async () => {
    const yamada = me.yamada!;
    const sato = me.sato!;
    expect(yamada.domainUuid).not.toBe(sato.domainUuid);
    phones.set(yamada.domainUuid, [
      { extension: '1003', registered: true },
      { extension: '1005', registered: false },
    ]);
    phones.set(sato.domainUuid, [{ extension: '2001', registered: true }]);
    const own = await t.request(yamada.session, {
      method: 'GET',
      url: `/api/v1/user/deskPhones/${yamada.domainUuid}`,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toEqual(phones.get(yamada.domainUuid));

    const other = await t.request(yamada.session, {
      method: 'GET',
      url: `/api/v1/user/deskPhones/${sato.domainUuid}`,
    });
    expect(other.statusCode).toBe(403);
    expect(JSON.stringify(other.json())).not.toContain('2001');
    const anonymous = await t.request(null, {
      method: 'GET',
      url: `/api/v1/user/deskPhones/${yamada.domainUuid}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("publishes a desk phone's registration to its tenant only; browsers' sign-ins are not desk phones", async () => {
    const watcher = connect('yamada');
    const outsider = connect('sato');
    await Promise.all([watcher.connected, outsider.connected]);
    const { next } = await nextMessage(watcher, topics.deskPhone(me.yamada!.domainUuid));
    const seenByOutsider: string[] = [];
    outsider.client.subscribe(topics.deskPhone(me.sato!.domainUuid), (m) => void seenByOutsider.push(m.body));

    const domainName = me.yamada!.domainName;
    events.emit('registration', { domainName, extension: '1001', registered: true, kind: 'verto' });
    events.emit('registration', { domainName, extension: '1003', registered: false, kind: 'sip' });
    expect(JSON.parse((await next).body)).toEqual({ extension: '1003', registered: false });
    expect(seenByOutsider).toEqual([]);
  });

  it("lists the tenant's ready softphones apart from console sign-ins, and publishes their sign-ins on /topic/softphone", async () => {
    const yamada = me.yamada!;
    softphones.set(yamada.domainUuid, ['1001']);
    softphones.set(me.sato!.domainUuid, ['2001']);
    const own = await t.request(yamada.session, {
      method: 'GET',
      url: `/api/v1/user/softphones/${yamada.domainUuid}`,
    });
    expect(own.json().data).toEqual(['1001']);
    const other = await t.request(yamada.session, {
      method: 'GET',
      url: `/api/v1/user/softphones/${me.sato!.domainUuid}`,
    });
    expect(other.statusCode).toBe(403);

    const watcher = connect('yamada');
    const outsider = connect('sato');
    await Promise.all([watcher.connected, outsider.connected]);
    const { next } = await nextMessage(watcher, topics.softphone(yamada.domainUuid));
    const seenByOutsider: string[] = [];
    outsider.client.subscribe(topics.softphone(me.sato!.domainUuid), (m) => void seenByOutsider.push(m.body));
    events.emit('registration', {
      domainName: yamada.domainName,
      extension: '1002',
      registered: false,
      kind: 'verto',
    });
    expect(JSON.parse((await next).body)).toEqual({ extension: '1002', ready: false });
    expect(seenByOutsider).toEqual([]);
  });
});

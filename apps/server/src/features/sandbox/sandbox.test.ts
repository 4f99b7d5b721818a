import type { SoftphoneConnection } from '@tsunagu/contract';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { destinations } from '../../platform/db/schema';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { useSandboxApp } from '../../testing/sandbox-app';
import type { TestApp } from '../../testing/test-app';

const sandbox = useSandboxApp();

type Row<K extends 'tenant' | 'extension' | 'user'> = Awaited<ReturnType<TestApp['build'][K]>>;

// An office of its own: its administrator, a softphone user, a desk-phone user, one incoming number.
const INCOMING = '0312345678';
let office: Row<'tenant'>;
let admin: Row<'user'>;
let softphone: Row<'user'>;
let deskPhone: { user: Row<'user'>; extension: Row<'extension'> };
let dialled: Row<'extension'>;
beforeAll(async () => {
  const { build } = sandbox.t;
  office = await build.tenant();
  admin = await build.user(office, { userClass: 'CP' });
  softphone = await build.user(office, { extensionUuid: (await build.extension(office)).extensionUuid });
  const deskExtension = await build.extension(office);
  deskPhone = {
    user: await build.user(office, { extensionUuid: deskExtension.extensionUuid, phoneType: 'phone' }),
    extension: deskExtension,
  };
  dialled = await build.extension(office);
  // The incoming number (no schedule: the simulated caller is routed, and hung up, by the exchange).
  await sandbox.t.database.db
    .insert(destinations)
    .values({ destinationUuid: randomUUID(), domainUuid: office.domainUuid, destinationNumber: INCOMING });
});

const login = (user: Row<'user'>) => sandbox.t.login(user.username, FACTORY_PASSWORD);

/** Sends one JSON-RPC request over a fresh socket and resolves with its reply. */
function rpc(url: string, message: object): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.on('open', () => ws.send(JSON.stringify(message)));
    ws.on('message', (data) => {
      const reply = JSON.parse(String(data)) as Record<string, unknown>;
      if (reply.id !== (message as { id: number }).id) return;
      ws.close();
      resolve(reply);
    });
    ws.on('error', reject);
  });
}

describe('sandbox wiring', () => {
  it("serves verto on /verto: a softphone signs in with its own extension's credentials", async () => {
    const session = await login(softphone);
    const conn = (
      await sandbox.t.request(session, { method: 'GET', url: '/api/v1/softphone/connection' })
    ).json().data as SoftphoneConnection;
    const url = sandbox.base.replace('http', 'ws') + conn.socketUrl;
    const vertoLogin = (passwd: string) =>
      rpc(url, {
        jsonrpc: '2.0',
        id: 1,
        method: 'login',
        params: { login: conn.user, passwd, sessid: crypto.randomUUID() },
      });
    expect(await vertoLogin(conn.pass)).toMatchObject({ result: { message: 'logged in' } });
    expect(await vertoLogin('wrong')).toMatchObject({ error: { code: -32001 } });
  });

  it('places a simulated outside call to an incoming number for a tenant administrator only', async () => {
    const administrator = await login(admin);
    const call = (payload: object, session = administrator) =>
      sandbox.t.request(session, { method: 'POST', url: '/api/v1/sandbox/call', payload });
    const ok = await call({ to: INCOMING, from: '09012345678', hangupAfter: 1 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.callId).toEqual(expect.any(String));
    const unknown = await call({ to: '0399999999', from: '09012345678' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe('着信番号が見つかりません。');
    expect((await call({ to: 'abc', from: '0901' })).statusCode).toBe(400);
    // A withheld number, as the contract allows: the anonymous pop-up can be tried.
    const anonymous = await call({ to: INCOMING, from: 'Anonymous', hangupAfter: 1 });
    expect(anonymous.statusCode).toBe(200);
    expect((await call({ to: INCOMING, from: 'anonymous caller' })).statusCode).toBe(400);
    const staff = await login(softphone);
    expect((await call({ to: INCOMING, from: '09012345678' }, staff)).statusCode).toBe(403);
  });

  it("answers 409 when a desk phone has nothing ringing, and click-to-call rings the caller's desk phone", async () => {
    const desk = await login(deskPhone.user);
    const nothing = await sandbox.t.request(desk, {
      method: 'POST',
      url: '/api/v1/sandbox/deskphone/answer',
    });
    expect(nothing.statusCode).toBe(409);
    const ctc = await sandbox.t.request(desk, {
      method: 'POST',
      url: '/api/v1/call/clickToCall',
      payload: { extensionUuid: deskPhone.extension.extensionUuid, dest: dialled.extension },
    });
    expect(ctc.statusCode).toBe(200);
    const state = await sandbox.t.request(desk, {
      method: 'GET',
      url: `/api/v1/call/callState/${office.domainUuid}`,
    });
    expect(
      state.json().data.some((c: { extension: string }) => c.extension === deskPhone.extension.extension),
    ).toBe(true);
  });
});

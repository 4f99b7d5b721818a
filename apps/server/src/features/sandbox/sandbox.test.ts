import type { SoftphoneConnection } from '@tsunagu/contract';
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { useSandboxApp } from '../../testing/sandbox-app';

const sandbox = useSandboxApp();

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
    const yamada = await sandbox.t.login('yamada', 'Staff#2026');
    const conn = (
      await sandbox.t.request(yamada, { method: 'GET', url: '/api/v1/softphone/connection' })
    ).json().data as SoftphoneConnection;
    const url = sandbox.base.replace('http', 'ws') + conn.socketUrl;
    const login = (passwd: string) =>
      rpc(url, {
        jsonrpc: '2.0',
        id: 1,
        method: 'login',
        params: { login: conn.user, passwd, sessid: crypto.randomUUID() },
      });
    expect(await login(conn.pass)).toMatchObject({ result: { message: 'logged in' } });
    expect(await login('wrong')).toMatchObject({ error: { code: -32001 } });
  });

  it('places a simulated outside call to an incoming number for a tenant administrator only', async () => {
    const admin = await sandbox.t.login('admin', 'Admin#2026');
    const call = (payload: object, session = admin) =>
      sandbox.t.request(session, { method: 'POST', url: '/api/v1/sandbox/call', payload });
    const ok = await call({ to: '0312345678', from: '09012345678', hangupAfter: 1 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.callId).toEqual(expect.any(String));
    const unknown = await call({ to: '0399999999', from: '09012345678' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe('着信番号が見つかりません。');
    expect((await call({ to: 'abc', from: '0901' })).statusCode).toBe(400);
    // A withheld number, as the contract allows: the anonymous pop-up can be tried.
    const anonymous = await call({ to: '0312345678', from: 'Anonymous', hangupAfter: 1 });
    expect(anonymous.statusCode).toBe(200);
    expect((await call({ to: '0312345678', from: 'anonymous caller' })).statusCode).toBe(400);
    const staff = await sandbox.t.login('suzuki', 'Staff#2026');
    expect((await call({ to: '0312345678', from: '09012345678' }, staff)).statusCode).toBe(403);
  });

  it("answers 409 when a desk phone has nothing ringing, and click-to-call rings the caller's desk phone", async () => {
    const tanaka = await sandbox.t.login('tanaka', 'Staff#2026');
    const nothing = await sandbox.t.request(tanaka, {
      method: 'POST',
      url: '/api/v1/sandbox/deskphone/answer',
    });
    expect(nothing.statusCode).toBe(409);
    const info = (await sandbox.t.request(tanaka, { method: 'GET', url: '/api/v1/user/info/tanaka' })).json()
      .data;
    const ctc = await sandbox.t.request(tanaka, {
      method: 'POST',
      url: '/api/v1/call/clickToCall',
      payload: { extensionUuid: info.user.extensionUuid, dest: '1001' },
    });
    expect(ctc.statusCode).toBe(200);
    const state = await sandbox.t.request(tanaka, {
      method: 'GET',
      url: `/api/v1/call/callState/${info.domain.domainUuid}`,
    });
    expect(state.json().data.some((c: { extension: string }) => c.extension === '1003')).toBe(true);
  });
});

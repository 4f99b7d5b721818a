import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extensions } from '../../platform/db/schema';
import { ScriptedPhone, startSandbox, type SandboxKit } from './testing';
import { RECORDED_DOMAIN } from '../../testing/recorded-tenant';

let kit: SandboxKit;
beforeAll(async () => {
  kit = await startSandbox();
});
afterAll(() => kit.close());

const AUTH_FAILED = { code: -32001, message: 'Authentication Failure' };

describe('login', () => {
  it('takes ext@domain with the extension password, answers as mod_verto and registers the extension', async () => {
    const phone = await ScriptedPhone.open(kit.url, `1001@${RECORDED_DOMAIN}`);
    const reply = await phone.loginWith(await kit.password('1001'));
    expect(reply).toEqual({ jsonrpc: '2.0', id: 1, result: { message: 'logged in', sessid: phone.sessid } });
    expect((await phone.next('verto.clientReady')).params).toEqual({ reattached_sessions: [] });
    expect(await kit.events.take('registration', (e) => e.extension === '1001')).toEqual({
      domainName: RECORDED_DOMAIN,
      extension: '1001',
      registered: true,
      kind: 'verto',
    });
    expect(kit.engine.registrations(RECORDED_DOMAIN)).toContainEqual({ extension: '1001', kind: 'verto' });
    phone.close();
    await kit.events.take('registration', (e) => e.extension === '1001' && !e.registered);
    expect(kit.engine.registrations(RECORDED_DOMAIN)).not.toContainEqual({
      extension: '1001',
      kind: 'verto',
    });
  });

  it('refuses a wrong password, a disabled extension and another tenant with -32001, and stays open', async () => {
    const phone = await ScriptedPhone.open(kit.url, `1002@${RECORDED_DOMAIN}`);
    expect((await phone.loginWith('wrong-password')).error).toEqual(AUTH_FAILED);
    expect(
      (await phone.loginWith(await kit.password('1002'), `1002@${kit.office.other.tenant.domainName}`)).error,
    ).toEqual(AUTH_FAILED);
    expect((await phone.loginWith(await kit.password('1002'), '1002')).error).toEqual(AUTH_FAILED);
    expect((await phone.loginWith(await kit.password('1002'), '1002@nowhere.example')).error).toEqual(
      AUTH_FAILED,
    );

    const disable = (enabled: boolean) =>
      kit.t.database.db
        .update(extensions)
        .set({ enabled })
        .where(and(eq(extensions.domainUuid, kit.tenantUuid), eq(extensions.extension, '1004')));
    await disable(false);
    try {
      expect((await phone.loginWith(await kit.password('1004'), `1004@${RECORDED_DOMAIN}`)).error).toEqual(
        AUTH_FAILED,
      );
    } finally {
      await disable(true);
    }

    expect((await phone.loginWith(await kit.password('1002'))).result).toMatchObject({
      message: 'logged in',
    });
    phone.close();
  });

  it('lets a caller page in with the session token of a tenant or provider administrator only', async () => {
    const login = `external:0312340001@${RECORDED_DOMAIN}`;
    const { users, other } = kit.office;
    const token = kit.consoleToken;
    const phone = await ScriptedPhone.open(kit.url, login);
    expect((await phone.loginWith(await token(users['1001']))).error).toEqual(AUTH_FAILED);
    expect((await phone.loginWith(await token(other.admin))).error).toEqual(AUTH_FAILED);
    expect((await phone.loginWith('not-a-token')).error).toEqual(AUTH_FAILED);
    expect(
      (await phone.loginWith(await token(users['1000']), `external:12@${RECORDED_DOMAIN}`)).error,
    ).toEqual(AUTH_FAILED);
    expect((await phone.loginWith(await token(users['1000']))).result).toMatchObject({
      message: 'logged in',
    });
    phone.close();

    const provider = await ScriptedPhone.open(kit.url, login);
    expect((await provider.loginWith(await token(kit.office.provider))).result).toMatchObject({
      message: 'logged in',
    });
    provider.close();
  });

  it('punts the socket that held a session id when another logs in with it', async () => {
    const first = await kit.phone('1005');
    const second = await ScriptedPhone.open(kit.url, first.login, first.sessid);
    expect((await second.loginWith(await kit.password('1005'))).result).toMatchObject({
      sessid: first.sessid,
    });
    expect((await first.next('verto.punt')).params).toEqual({});
    await first.closed;
    second.close();
  });
});

describe('what it refuses, never crashing', () => {
  it('asks for a login before anything else (-32000)', async () => {
    const phone = await ScriptedPhone.open(kit.url, `1006@${RECORDED_DOMAIN}`);
    const reply = await phone.call('verto.invite', {
      sdp: 'v=0',
      dialogParams: { callID: 'c1' },
      sessid: 's',
    });
    expect(reply.error).toEqual({ code: -32000, message: 'Authentication Required' });
    const login = await phone.call('login', { sessid: phone.sessid });
    expect(login.error).toEqual({ code: -32000, message: 'Authentication Required' });
    phone.close();
  });

  it('answers frames it cannot read with -32600, unknown methods with -32601 and bad params with -32602', async () => {
    const phone = await kit.phone('1007');
    const errors: unknown[] = [];
    phone.socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { id: unknown; error?: unknown };
      if (frame.error && frame.id === null) errors.push(frame.error);
    });
    phone.sendRaw('not json');
    phone.sendRaw('[1,2,3]');
    phone.sendRaw(Buffer.from([0xff, 0x00, 0x7b]));
    phone.sendRaw('x'.repeat(300 * 1024));
    const framed = await phone.call('verto.invite', 'oops' as never);
    // Replies come in order: the unreadable frames above were answered before this one.
    expect(framed.error).toEqual({ code: -32600, message: 'Invalid Request' });

    expect((await phone.call('verto.nonsense', {})).error).toEqual({
      code: -32601,
      message: 'Invalid Method, Missing Method or Permission Denied',
    });
    expect((await phone.call('echo', { hello: 'world', sessid: phone.sessid })).error).toMatchObject({
      code: -32601,
    });
    expect(
      (await phone.call('jsapi', { command: 'fsapi', data: {}, sessid: phone.sessid })).error,
    ).toMatchObject({
      code: -32601,
    });
    expect((await phone.call('toString', {})).error).toMatchObject({ code: -32601 });
    expect((await phone.call('verto.invite', { sdp: 'v=0', sessid: phone.sessid })).error).toEqual({
      code: -32602,
      message: 'Invalid params',
    });
    expect(
      (await phone.call('verto.modify', { action: 'explode', dialogParams: { callID: 'c' } })).error,
    ).toMatchObject({ code: -32602 });
    expect(errors).toHaveLength(4);
    for (const error of errors) expect(error).toEqual({ code: -32600, message: 'Invalid Request' });
    phone.close();
  });

  it('refuses call requests it cannot act on with -32002, as mod_verto does', async () => {
    const phone = await kit.phone('1008');
    const noSdp = await phone.call('verto.invite', {
      dialogParams: { callID: 'no-sdp', destination_number: '1002' },
      sessid: phone.sessid,
    });
    expect(noSdp.error).toEqual({
      code: -32002,
      message: 'CALL ERROR',
      cause: 'INVALID_MSG_UNSPECIFIED',
      causeCode: 95,
    });
    expect((await phone.bye('nobody')).error).toEqual({ code: -32002, message: 'CALL DOES NOT EXIST' });
    expect((await phone.answer('nobody', 'v=0')).error).toMatchObject({ code: -32002 });
    expect((await phone.dtmf('nobody', '1')).error).toMatchObject({ code: -32002 });
    expect(
      (await phone.call('verto.attach', { dialogParams: { callID: 'x' }, sdp: 'v=0', sessid: '' })).error,
    ).toMatchObject({ code: -32002 });
    // A call that is not bridged cannot be transferred.
    const callID = await phone.dial('0000');
    await phone.next('verto.bye', callID);
    const alone = await phone.dial('5000');
    expect((await phone.modify(alone, 'transfer', '1002')).error).toEqual({
      code: -32002,
      message: 'call is not bridged',
      callID: alone,
      action: 'transfer',
    });
    // The same call id twice is refused.
    const again = await phone.call('verto.invite', {
      sdp: 'v=0',
      dialogParams: { callID: alone, destination_number: '1002' },
      sessid: phone.sessid,
    });
    expect(again.error).toMatchObject({ code: -32002 });
    await phone.bye(alone);
    phone.close();
  });

  it('creates an unroutable call, then ends it with verto.bye and a call record', async () => {
    const phone = await kit.phone('1009');
    const callID = await phone.dial('0000');
    expect((await phone.next('verto.bye', callID)).params).toEqual({
      callID,
      causeCode: 1,
      cause: 'UNALLOCATED_NUMBER',
    });
    expect(await kit.events.take('cdr', (r) => r.callUuid === callID)).toMatchObject({
      extension: '1009',
      direction: 'local',
      destinationNumber: '0000',
      billsec: 0,
      hangupCause: 'UNALLOCATED_NUMBER',
    });
    phone.close();
  });
});

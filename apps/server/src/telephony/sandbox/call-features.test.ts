import { answeredElsewhere } from '@tsunagu/contract';
import { describe, expect, it } from 'vitest';
import { connected, useSandboxCalls } from './sandbox-calls';
import type { ScriptedPhone } from './testing';
import { RECORDED_DOMAIN } from '../../testing/recorded-tenant';

const sandbox = useSandboxCalls();

function replace(phone: ScriptedPhone, callID: string, replaceCallID: string) {
  return phone.call('verto.modify', {
    action: 'replace',
    dialogParams: { callID },
    replaceCallID,
    sessid: phone.sessid,
  });
}

describe('call waiting', () => {
  it('rings a phone already on a call; it holds the first (hold music there), takes the second, and switches back', async () => {
    const [yamada, suzuki, reception] = await sandbox.phones('1001', '1002', '1000');
    const first = await connected(yamada, suzuki, '1002');

    const second = await reception.dial('1002');
    const waiting = String((await suzuki.next('verto.invite')).params.callID);
    expect((await suzuki.modify(first.rung, 'hold')).result).toMatchObject({ holdState: 'held' });
    expect(await yamada.audio(first.callID)).toMatchObject({ action: 'play', kind: 'hold', loop: true });
    await suzuki.answer(waiting, 'v=0 answer to the second call');
    await reception.next('verto.answer', second);

    // Switch: the second is held and the first resumed; each far end hears music only while held.
    await suzuki.modify(waiting, 'hold');
    expect(await reception.audio(second)).toMatchObject({ action: 'play', kind: 'hold' });
    await suzuki.modify(first.rung, 'unhold');
    expect(await yamada.audio(first.callID)).toEqual({ action: 'stop', callID: first.callID });
    const channels = sandbox.kit.engine.callState(RECORDED_DOMAIN).filter((c) => c.extension === '1002');
    expect(channels.map((c) => c.callstate).sort()).toEqual(['ACTIVE', 'HELD']);

    // Hanging up one leaves the other.
    await suzuki.bye(waiting);
    await reception.next('verto.bye', second);
    expect(sandbox.kit.engine.callState(RECORDED_DOMAIN).filter((c) => c.extension === '1002')).toHaveLength(
      1,
    );
    await yamada.bye(first.callID);
  });
});

describe('attended transfer (verto.modify replace)', () => {
  it('consults a colleague while the caller holds, then joins the two: the caller and the colleague talk, both legs of the transferring phone end', async () => {
    const [yamada, suzuki, reception] = await sandbox.phones('1001', '1002', '1000');
    const caller = await connected(yamada, suzuki, '1002');
    await suzuki.modify(caller.rung, 'hold');
    expect(await yamada.audio(caller.callID)).toMatchObject({ kind: 'hold' });
    const consult = await connected(suzuki, reception, '1000');

    const reply = await replace(suzuki, caller.rung, consult.callID);
    expect(reply.result).toEqual({
      callID: caller.rung,
      action: 'replace',
      holdState: 'held',
      sessid: suzuki.sessid,
    });
    expect((await suzuki.next('verto.bye', consult.callID)).params).toMatchObject({
      cause: 'ATTENDED_TRANSFER',
      causeCode: 801,
    });
    expect((await suzuki.next('verto.bye', caller.rung)).params).toMatchObject({ cause: 'NORMAL_CLEARING' });

    // The caller's hold music stops; its browser offers afresh and the colleague's answers by re-attach.
    expect(await yamada.audio(caller.callID)).toEqual({ action: 'stop', callID: caller.callID });
    const attach = await reception.next('verto.attach', consult.rung);
    expect(attach.params).toMatchObject({
      sdp: `v=0 fresh offer ${caller.callID}`,
      caller_id_number: '1001',
    });
    expect((await yamada.next('verto.answer', caller.callID)).params).toEqual({
      callID: caller.callID,
      sdp: `v=0 attach answer ${consult.rung}`,
    });
    expect((await yamada.next('verto.display', caller.callID)).params).toMatchObject({
      display_number: '1000',
    });
    expect((await reception.next('verto.display', consult.rung)).params).toMatchObject({
      display_number: '1001',
    });
    const live = sandbox.kit.engine
      .callState(RECORDED_DOMAIN)
      .filter((c) => [caller.callID, consult.rung].includes(c.uuid));
    expect(live.map((c) => c.callstate)).toEqual(['ACTIVE', 'ACTIVE']);
    expect(sandbox.kit.engine.callState(RECORDED_DOMAIN).some((c) => c.extension === '1002')).toBe(false);

    await yamada.bye(caller.callID);
    await reception.next('verto.bye', consult.rung);
  });

  it('relays the held caller’s fresh offer first, whichever call is replaced: the ended legs’ records wait until the colleague answered it', async () => {
    const [yamada, suzuki, reception] = await sandbox.phones('1001', '1002', '1000');
    const caller = await connected(yamada, suzuki, '1002');
    await suzuki.modify(caller.rung, 'hold');
    const consult = await connected(suzuki, reception, '1000');
    const { events } = sandbox.kit;
    events.clear();
    // What the engine had told its listeners when each page was asked for its part of the relay.
    const told: Record<string, string[]> = {};
    const records = () => events.all('cdr').map((record) => record.callUuid);
    yamada.offers = (callID) => {
      told.offer = records();
      return `v=0 fresh offer ${callID}`;
    };
    reception.attachAnswer = (params) => {
      told.attach = records();
      return `v=0 attach answer ${String(params.callID)}`;
    };

    // As the softphone sends it: the call it received (the held caller's) is the one replaced.
    await replace(suzuki, consult.callID, caller.rung);
    await reception.next('verto.display', consult.rung);
    // The held caller's page offered (it made its offer ahead), and nothing was recorded meanwhile.
    expect(told).toEqual({ offer: [], attach: [] });
    // Then the two ended legs' records, in the order they ended (the replaced one first).
    const ended = [await events.take('cdr'), await events.take('cdr')];
    expect(ended.map((record) => record.callUuid)).toEqual([caller.rung, consult.callID]);

    await yamada.bye(caller.callID);
    await reception.next('verto.bye', consult.rung);
  });

  it('refuses, changing nothing: a call of another phone, and a call still ringing', async () => {
    const [yamada, suzuki, reception] = await sandbox.phones('1001', '1002', '1000');
    const caller = await connected(yamada, suzuki, '1002');
    // Yamada's own leg is not suzuki's to join.
    expect((await replace(suzuki, caller.rung, caller.callID)).error).toMatchObject({
      code: -32002,
      message: 'invalid transfer leg',
    });
    const ringing = await suzuki.dial('1000');
    await reception.next('verto.invite');
    expect((await replace(suzuki, caller.rung, ringing)).error).toMatchObject({
      code: -32002,
      message: 'transfer failed',
    });
    expect(
      sandbox.kit.engine.callState(RECORDED_DOMAIN).find((c) => c.uuid === caller.callID)?.callstate,
    ).toBe('ACTIVE');
    await suzuki.bye(ringing);
    await yamada.bye(caller.callID);
  });
});

describe('pick-up (*8)', () => {
  it('takes the call ringing a colleague: the rung phones stop (PICKED_OFF, answered elsewhere), the caller talks to the picker', async () => {
    const [yamada, suzuki, reception] = await sandbox.phones('1001', '1002', '1000');
    const callID = await yamada.dial('1002', 'v=0 offer from yamada');
    const rung = String((await suzuki.next('verto.invite')).params.callID);
    sandbox.kit.events.clear();

    const picking = await reception.dial('*81002', 'v=0 offer from reception');
    const bye = await suzuki.next('verto.bye', rung);
    expect(bye.params).toMatchObject({ cause: 'PICKED_OFF', causeCode: 805 });
    // The caller's pending offer reaches the picker, whose answer goes back to the caller.
    const attach = await reception.next('verto.attach', picking);
    expect(attach.params).toMatchObject({ sdp: 'v=0 offer from yamada', caller_id_number: '1001' });
    expect((await yamada.next('verto.answer', callID)).params).toEqual({
      callID,
      sdp: `v=0 attach answer ${picking}`,
    });
    expect((await yamada.next('verto.display', callID)).params).toMatchObject({ display_number: '1000' });
    const channels = sandbox.kit.engine
      .callState(RECORDED_DOMAIN)
      .filter((c) => [callID, picking].includes(c.uuid));
    expect(channels.map((c) => c.callstate)).toEqual(['ACTIVE', 'ACTIVE']);

    const rungRecord = await sandbox.kit.events.take('cdr', (r) => r.callUuid === rung);
    expect(answeredElsewhere(rungRecord)).toBe(true);
    await yamada.bye(callID);
    const picked = await sandbox.kit.events.take('cdr', (r) => r.callUuid === picking);
    // The picker's history shows the caller's call, not the code dialled.
    expect(picked).toMatchObject({ callerIdNumber: '1001', destinationNumber: '1000', bridged: true });
  });

  it('ends the picker’s call when nothing rings the extension, or it is one’s own', async () => {
    const [reception] = await sandbox.phones('1000');
    const nothing = await reception.dial('*81002');
    expect((await reception.next('verto.bye', nothing)).params).toMatchObject({ cause: 'NORMAL_CLEARING' });
    const own = await reception.dial('*81000');
    expect((await reception.next('verto.bye', own)).params).toMatchObject({ cause: 'USER_BUSY' });
  });
});

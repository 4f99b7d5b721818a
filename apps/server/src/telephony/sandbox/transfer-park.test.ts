import { answeredElsewhere } from '@tsunagu/contract';
import { describe, expect, it } from 'vitest';
import { connected, useSandboxCalls } from './sandbox-calls';
import { MONDAY_10 } from './testing';
import { RECORDED_DOMAIN } from '../../testing/recorded-tenant';

const sandbox = useSandboxCalls();

describe('blind transfer', () => {
  it('sends the other party to the destination: a fresh offer from it rings there, the transferring side hangs up', async () => {
    const [yamada, suzuki, reception] = await sandbox.phones('1001', '1002', '1000');
    const { callID, rung } = await connected(yamada, suzuki, '1002');

    const reply = await suzuki.modify(rung, 'transfer', '1000');
    expect(reply.result).toEqual({
      callID: rung,
      action: 'transfer',
      message: 'CALL TRANSFERRED',
      holdState: 'active',
      sessid: suzuki.sessid,
    });
    expect((await suzuki.next('verto.bye', rung)).params).toMatchObject({ cause: 'NORMAL_CLEARING' });
    // Yamada's call is up already, so the sandbox asks its browser for a fresh offer for the new ring.
    const invite = await reception.next('verto.invite');
    expect(invite.params).toMatchObject({ sdp: `v=0 fresh offer ${callID}`, caller_id_number: '1001' });
    await reception.answer(String(invite.params.callID), 'v=0 answer from reception');
    expect((await yamada.next('verto.answer', callID)).params).toEqual({
      callID,
      sdp: 'v=0 answer from reception',
    });
    expect((await yamada.next('verto.display', callID)).params).toMatchObject({ display_number: '1000' });
    expect(sandbox.kit.engine.callState(RECORDED_DOMAIN).find((c) => c.uuid === callID)).toMatchObject({
      dest: '1000',
      callee_num: '1000',
    });
    // Yamada's leg lives on: one record, from the first answer to the end.
    await yamada.bye(callID);
    await reception.next('verto.bye', String(invite.params.callID));
    const record = await sandbox.kit.events.take('cdr', (r) => r.callUuid === callID);
    expect(record.destinationNumber).toBe('1002');
  });

  it('transfers from the server side, and refuses a channel that does not exist', async () => {
    const [yamada, suzuki] = await sandbox.phones('1001', '1002');
    const { callID, rung } = await connected(yamada, suzuki, '1002');
    await sandbox.kit.engine.transfer(RECORDED_DOMAIN, rung, '0312340001');
    await suzuki.next('verto.bye', rung);
    // The outside party has no media, so no offer is asked of yamada: only who is on the line changes.
    expect((await yamada.next('verto.display', callID)).params).toMatchObject({
      display_number: '0312340001',
    });
    expect(
      yamada.requests.all().filter((r) => r.method === 'verto.answer' || r.method === 'sandbox.offer'),
    ).toEqual([]);
    await expect(sandbox.kit.engine.transfer(RECORDED_DOMAIN, 'nobody', '1000')).rejects.toMatchObject({
      reason: 'no-channel',
    });
    await sandbox.kit.engine.hangup(RECORDED_DOMAIN, callID);
    expect((await yamada.next('verto.bye', callID)).params).toMatchObject({ cause: 'NORMAL_CLEARING' });
  });
});

describe('park', () => {
  it('parks the other party on P3, then another browser retrieves it by dialling 5903', async () => {
    const [yamada, suzuki, reception] = await sandbox.phones('1001', '1002', '1000');
    const { callID, rung } = await connected(yamada, suzuki, '1002');

    expect((await suzuki.modify(rung, 'transfer', 'park+5903')).result).toMatchObject({
      message: 'CALL TRANSFERRED',
    });
    await suzuki.next('verto.bye', rung);
    const parked = await sandbox.kit.events.take('park', (p) => p.slots[2]?.occupied === true);
    expect(parked.slots[2]).toEqual({
      slot: 3,
      extension: '5903',
      occupied: true,
      callerIdNumber: '1001',
      callerIdName: '山田 太郎',
    });
    expect(parked.slots.filter((s) => s.occupied)).toHaveLength(1);
    expect(sandbox.kit.engine.parkSlots(RECORDED_DOMAIN)[2]?.occupied).toBe(true);
    expect(sandbox.kit.engine.callState(RECORDED_DOMAIN).find((c) => c.uuid === callID)).toMatchObject({
      application: 'valet_park',
      dest: 'park+5903',
    });
    expect(await yamada.audio(callID)).toMatchObject({ kind: 'park', loop: true });

    // A transfer to a taken slot is refused and changes nothing.
    const [other] = await sandbox.phones('1005');
    const second = await connected(other, suzuki, '1002');
    expect((await suzuki.modify(second.rung, 'transfer', '5903')).error).toMatchObject({ code: -32002 });
    await other.bye(second.callID);

    const retrieving = await reception.dial('5903', 'v=0 offer from reception');
    // The parked browser gets the retriever's offer in verto.attach and answers it the verto.js way.
    const attach = await yamada.next('verto.attach', callID);
    expect(attach.params).toMatchObject({
      callID,
      sdp: 'v=0 offer from reception',
      caller_id_number: '1000',
    });
    expect((await reception.next('verto.answer', retrieving)).params).toEqual({
      callID: retrieving,
      sdp: `v=0 attach answer ${callID}`,
    });
    expect(await yamada.audio(callID)).toEqual({ action: 'stop', callID });
    const freed = await sandbox.kit.events.take('park', (p) => p.slots.every((s) => !s.occupied));
    expect(freed.slots[2]?.occupied).toBe(false);
    expect(sandbox.kit.engine.callState(RECORDED_DOMAIN).find((c) => c.uuid === callID)).toMatchObject({
      application: 'bridge',
      callstate: 'ACTIVE',
    });

    await reception.bye(retrieving);
    await yamada.next('verto.bye', callID);
  });

  it("records a parked outside call taken back as that caller's call in the taker's history, not as 5901", async () => {
    sandbox.kit.setClock(MONDAY_10);
    const [yamada, suzuki, reception] = await sandbox.phones('1001', '1002', '1000');
    // In business hours 0312345678's IVR sends digit 1 to the ring group of 1001 and 1002.
    const { callId } = await sandbox.kit.engine.simulateIncomingCall({
      domainName: RECORDED_DOMAIN,
      from: '09012345678',
      to: '0312345678',
      dtmf: '1',
    });
    const [atYamada, atSuzuki] = await Promise.all([
      yamada.next('verto.invite'),
      suzuki.next('verto.invite'),
    ]);
    const rung = String(atYamada.params.callID);
    await yamada.answer(rung, '');
    // Suzuki's phone lost the race: in her history the call is one a colleague took, not a missed one.
    const lost = await sandbox.kit.events.take('cdr', (r) => r.callUuid === String(atSuzuki.params.callID));
    expect(answeredElsewhere(lost)).toBe(true);
    await yamada.modify(rung, 'transfer', 'park+5901');
    await sandbox.kit.events.take('park', (p) => p.slots[0]?.occupied === true);

    const taking = await reception.dial('5901', 'v=0 offer from reception');
    await reception.next('verto.answer', taking);
    await reception.bye(taking);
    expect(await sandbox.kit.events.take('cdr', (r) => r.callUuid === taking)).toMatchObject({
      extension: '1000',
      direction: 'inbound',
      callerIdNumber: '09012345678',
      callerIdName: '代表',
      destinationNumber: '1000',
    });
    // The caller's own record is unchanged: its call to the incoming number.
    expect(await sandbox.kit.events.take('cdr', (r) => r.callUuid === callId)).toMatchObject({
      callerIdNumber: '09012345678',
      destinationNumber: '0312345678',
    });
  });

  it("shows who parked the call as the parked channel's callee, whichever side parked", async () => {
    const [yamada, suzuki] = await sandbox.phones('1001', '1002');
    const { callID, rung } = await connected(yamada, suzuki, '1002');
    // The caller parks the party it called.
    await yamada.modify(callID, 'transfer', 'park+5904');
    await sandbox.kit.events.take('park', (p) => p.slots[3]?.occupied === true);
    expect(sandbox.kit.engine.callState(RECORDED_DOMAIN).find((c) => c.uuid === rung)).toMatchObject({
      application: 'valet_park',
      extension: '1002',
      callee_num: '1001',
    });
    await sandbox.kit.engine.hangup(RECORDED_DOMAIN, rung);
    await sandbox.kit.events.take('park', (p) => !p.slots[3]?.occupied);
  });

  it('accepts a bare 59NN as the park target of a transfer, and an empty slot ends the one dialling it', async () => {
    const [yamada, suzuki] = await sandbox.phones('1001', '1002');
    const { callID, rung } = await connected(yamada, suzuki, '1002');
    await suzuki.modify(rung, 'transfer', '5901');
    await sandbox.kit.events.take('park', (p) => p.slots[0]?.occupied === true);
    const empty = await suzuki.dial('5908');
    expect((await suzuki.next('verto.bye', empty)).params).toMatchObject({ cause: 'UNALLOCATED_NUMBER' });
    await sandbox.kit.engine.hangup(RECORDED_DOMAIN, callID);
    await sandbox.kit.events.take('park', (p) => !p.slots[0]?.occupied);
  });
});

describe('monitor', () => {
  it('opens a listen-in call on the monitored browser (*33<ext>) and ends it with the monitored call', async () => {
    const [yamada, suzuki, reception] = await sandbox.phones('1001', '1002', '1000');
    const { callID, rung } = await connected(yamada, suzuki, '1002');

    const listening = await reception.dial('*331002', 'v=0 offer from the monitor');
    const tap = await suzuki.next('verto.attach');
    expect(tap.params).toMatchObject({
      sdp: 'v=0 offer from the monitor',
      caller_id_number: '1000',
      variables: { sandbox_monitor: rung },
    });
    expect(tap.params.callID).not.toBe(rung);
    expect((await reception.next('verto.answer', listening)).params).toEqual({
      callID: listening,
      sdp: `v=0 attach answer ${String(tap.params.callID)}`,
    });
    expect(sandbox.kit.engine.callState(RECORDED_DOMAIN).find((c) => c.uuid === listening)).toMatchObject({
      application: 'eavesdrop',
      callstate: 'ACTIVE',
      callee_num: '1002',
    });

    await yamada.bye(callID);
    await suzuki.next('verto.bye', rung);
    expect((await suzuki.next('verto.bye', String(tap.params.callID))).params).toMatchObject({
      cause: 'NORMAL_CLEARING',
    });
    expect((await reception.next('verto.bye', listening)).params).toMatchObject({ cause: 'NORMAL_CLEARING' });
    expect(await sandbox.kit.events.take('cdr', (r) => r.callUuid === listening)).toMatchObject({
      extension: '1000',
      destinationNumber: '*331002',
    });
  });

  it('hangs up a monitor of an extension that is on no call', async () => {
    const [reception] = await sandbox.phones('1000');
    const listening = await reception.dial('*331002');
    expect((await reception.next('verto.bye', listening)).params).toMatchObject({ cause: 'NORMAL_CLEARING' });
  });
});

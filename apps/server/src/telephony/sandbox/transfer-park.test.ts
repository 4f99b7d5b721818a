import { answeredElsewhere } from '@tsunagu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, MONDAY_10, startSandbox, type SandboxKit, type ScriptedPhone } from './testing';

let kit: SandboxKit;
beforeAll(async () => {
  kit = await startSandbox();
});
afterAll(() => kit.close());

/** `from` calls `to`'s extension and `to` answers; returns both call ids. */
async function connected(from: ScriptedPhone, to: ScriptedPhone, extension: string) {
  const callID = await from.dial(extension, `v=0 offer ${from.login}`);
  const rung = String((await to.next('verto.invite')).params.callID);
  await to.answer(rung, `v=0 answer ${to.login}`);
  await from.next('verto.answer', callID);
  // Once answered, each side is told who the other is (as FreeSWITCH does); later displays are news.
  await from.next('verto.display', callID);
  await to.next('verto.display', rung);
  return { callID, rung };
}

describe('blind transfer', () => {
  it('sends the other party to the destination: a fresh offer from it rings there, the transferring side hangs up', async () => {
    const [yamada, suzuki, reception] = await Promise.all([
      kit.phone('1001'),
      kit.phone('1002'),
      kit.phone('1000'),
    ]);
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
    expect(kit.engine.callState(DEMO).find((c) => c.uuid === callID)).toMatchObject({
      dest: '1000',
      callee_num: '1000',
    });
    // Yamada's leg lives on: one record, from the first answer to the end.
    await yamada.bye(callID);
    await reception.next('verto.bye', String(invite.params.callID));
    const record = await kit.events.take('cdr', (r) => r.callUuid === callID);
    expect(record.destinationNumber).toBe('1002');
    for (const phone of [yamada, suzuki, reception]) phone.close();
  });

  it('transfers from the server side, and refuses a channel that does not exist', async () => {
    const [yamada, suzuki] = await Promise.all([kit.phone('1001'), kit.phone('1002')]);
    const { callID, rung } = await connected(yamada, suzuki, '1002');
    await kit.engine.transfer(DEMO, rung, '0312340001');
    await suzuki.next('verto.bye', rung);
    // The outside party has no media, so no offer is asked of yamada: only who is on the line changes.
    expect((await yamada.next('verto.display', callID)).params).toMatchObject({
      display_number: '0312340001',
    });
    expect(
      yamada.requests.all().filter((r) => r.method === 'verto.answer' || r.method === 'sandbox.offer'),
    ).toEqual([]);
    await expect(kit.engine.transfer(DEMO, 'nobody', '1000')).rejects.toMatchObject({ reason: 'no-channel' });
    await kit.engine.hangup(DEMO, callID);
    expect((await yamada.next('verto.bye', callID)).params).toMatchObject({ cause: 'NORMAL_CLEARING' });
    yamada.close();
    suzuki.close();
  });
});

describe('park', () => {
  it('parks the other party on P3, then another browser retrieves it by dialling 5903', async () => {
    const [yamada, suzuki, reception] = await Promise.all([
      kit.phone('1001'),
      kit.phone('1002'),
      kit.phone('1000'),
    ]);
    const { callID, rung } = await connected(yamada, suzuki, '1002');

    expect((await suzuki.modify(rung, 'transfer', 'park+5903')).result).toMatchObject({
      message: 'CALL TRANSFERRED',
    });
    await suzuki.next('verto.bye', rung);
    const parked = await kit.events.take('park', (p) => p.slots[2]?.occupied === true);
    expect(parked.slots[2]).toEqual({
      slot: 3,
      extension: '5903',
      occupied: true,
      callerIdNumber: '1001',
      callerIdName: '山田 太郎',
    });
    expect(parked.slots.filter((s) => s.occupied)).toHaveLength(1);
    expect(kit.engine.parkSlots(DEMO)[2]?.occupied).toBe(true);
    expect(kit.engine.callState(DEMO).find((c) => c.uuid === callID)).toMatchObject({
      application: 'valet_park',
      dest: 'park+5903',
    });
    expect(await yamada.audio(callID)).toMatchObject({ kind: 'park', loop: true });

    // A transfer to a taken slot is refused and changes nothing.
    const other = await kit.phone('1005');
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
    const freed = await kit.events.take('park', (p) => p.slots.every((s) => !s.occupied));
    expect(freed.slots[2]?.occupied).toBe(false);
    expect(kit.engine.callState(DEMO).find((c) => c.uuid === callID)).toMatchObject({
      application: 'bridge',
      callstate: 'ACTIVE',
    });

    await reception.bye(retrieving);
    await yamada.next('verto.bye', callID);
    for (const phone of [yamada, suzuki, reception, other]) phone.close();
  });

  it("records a parked outside call taken back as that caller's call in the taker's history, not as 5901", async () => {
    kit.setClock(MONDAY_10);
    const [yamada, suzuki, reception] = await Promise.all([
      kit.phone('1001'),
      kit.phone('1002'),
      kit.phone('1000'),
    ]);
    // In business hours 0312345678's IVR sends digit 1 to the ring group of 1001 and 1002.
    const { callId } = await kit.engine.simulateIncomingCall({
      domainName: DEMO,
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
    const lost = await kit.events.take('cdr', (r) => r.callUuid === String(atSuzuki.params.callID));
    expect(answeredElsewhere(lost)).toBe(true);
    await yamada.modify(rung, 'transfer', 'park+5901');
    await kit.events.take('park', (p) => p.slots[0]?.occupied === true);

    const taking = await reception.dial('5901', 'v=0 offer from reception');
    await reception.next('verto.answer', taking);
    await reception.bye(taking);
    expect(await kit.events.take('cdr', (r) => r.callUuid === taking)).toMatchObject({
      extension: '1000',
      direction: 'inbound',
      callerIdNumber: '09012345678',
      callerIdName: '代表',
      destinationNumber: '1000',
    });
    // The caller's own record is unchanged: its call to the incoming number.
    expect(await kit.events.take('cdr', (r) => r.callUuid === callId)).toMatchObject({
      callerIdNumber: '09012345678',
      destinationNumber: '0312345678',
    });
    for (const phone of [yamada, suzuki, reception]) phone.close();
  });

  it("shows who parked the call as the parked channel's callee, whichever side parked", async () => {
    const [yamada, suzuki] = await Promise.all([kit.phone('1001'), kit.phone('1002')]);
    const { callID, rung } = await connected(yamada, suzuki, '1002');
    // The caller parks the party it called.
    await yamada.modify(callID, 'transfer', 'park+5904');
    await kit.events.take('park', (p) => p.slots[3]?.occupied === true);
    expect(kit.engine.callState(DEMO).find((c) => c.uuid === rung)).toMatchObject({
      application: 'valet_park',
      extension: '1002',
      callee_num: '1001',
    });
    await kit.engine.hangup(DEMO, rung);
    await kit.events.take('park', (p) => !p.slots[3]?.occupied);
    yamada.close();
    suzuki.close();
  });

  it('accepts a bare 59NN as the park target of a transfer, and an empty slot ends the one dialling it', async () => {
    const [yamada, suzuki] = await Promise.all([kit.phone('1001'), kit.phone('1002')]);
    const { callID, rung } = await connected(yamada, suzuki, '1002');
    await suzuki.modify(rung, 'transfer', '5901');
    await kit.events.take('park', (p) => p.slots[0]?.occupied === true);
    const empty = await suzuki.dial('5908');
    expect((await suzuki.next('verto.bye', empty)).params).toMatchObject({ cause: 'UNALLOCATED_NUMBER' });
    await kit.engine.hangup(DEMO, callID);
    await kit.events.take('park', (p) => !p.slots[0]?.occupied);
    yamada.close();
    suzuki.close();
  });
});

describe('monitor', () => {
  it('opens a listen-in call on the monitored browser (*33<ext>) and ends it with the monitored call', async () => {
    const [yamada, suzuki, reception] = await Promise.all([
      kit.phone('1001'),
      kit.phone('1002'),
      kit.phone('1000'),
    ]);
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
    expect(kit.engine.callState(DEMO).find((c) => c.uuid === listening)).toMatchObject({
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
    expect(await kit.events.take('cdr', (r) => r.callUuid === listening)).toMatchObject({
      extension: '1000',
      destinationNumber: '*331002',
    });
    for (const phone of [yamada, suzuki, reception]) phone.close();
  });

  it('hangs up a monitor of an extension that is on no call', async () => {
    const reception = await kit.phone('1000');
    const listening = await reception.dial('*331002');
    expect((await reception.next('verto.bye', listening)).params).toMatchObject({ cause: 'NORMAL_CLEARING' });
    reception.close();
  });
});

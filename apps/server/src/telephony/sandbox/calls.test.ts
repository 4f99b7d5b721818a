import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ringGroups } from '../../platform/db/schema';
import { startSandbox, type SandboxKit } from './testing';
import { RECORDED_DOMAIN } from '../../testing/recorded-tenant';

let kit: SandboxKit;
beforeAll(async () => {
  kit = await startSandbox();
});
afterAll(() => kit.close());

const OFFER =
  'v=0\r\no=- 4611 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=candidate:1 1 udp 2130706431 127.0.0.1 40000 typ host\r\n';
const ANSWER =
  'v=0\r\no=- 7788 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=candidate:1 1 udp 2130706431 127.0.0.1 40002 typ host\r\n';

describe('a call between two browsers', () => {
  it('relays the offer and the answer verbatim, shows the call, and records both legs', async () => {
    const [yamada, suzuki] = await Promise.all([kit.phone('1001'), kit.phone('1002')]);
    const callID = await yamada.dial('1002', OFFER);
    const invite = await suzuki.next('verto.invite');
    expect(invite.params).toEqual({
      callID: invite.params.callID,
      sdp: OFFER,
      caller_id_name: '山田 太郎',
      caller_id_number: '1001',
      callee_id_name: '鈴木 花子',
      callee_id_number: '1002',
      display_direction: 'outbound',
    });
    const rung = String(invite.params.callID);
    expect(await kit.events.take('ring', (r) => r.extension === '1002')).toEqual({
      domainName: RECORDED_DOMAIN,
      extension: '1002',
      callId: rung,
      callerName: '山田 太郎',
      callerNumber: '1001',
      clickToCall: false,
    });
    expect(kit.engine.callState(RECORDED_DOMAIN)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          uuid: callID,
          extension: '1001',
          direction: 'inbound',
          callstate: 'RINGING',
          dest: '1002',
        }),
        expect.objectContaining({
          uuid: rung,
          extension: '1002',
          direction: 'outbound',
          callstate: 'RINGING',
        }),
      ]),
    );

    expect((await suzuki.answer(rung, ANSWER)).result).toEqual({ sessid: suzuki.sessid });
    expect((await yamada.next('verto.answer', callID)).params).toEqual({ callID, sdp: ANSWER });
    await kit.events.take('callState');
    const states = kit.engine.callState(RECORDED_DOMAIN).filter((c) => c.uuid === callID || c.uuid === rung);
    expect(states.map((s) => [s.uuid, s.callstate, s.application, s.cid_num, s.callee_num])).toEqual(
      expect.arrayContaining([
        [callID, 'ACTIVE', 'bridge', '1001', '1002'],
        [rung, 'ACTIVE', '', '1001', '1002'],
      ]),
    );

    const hungUp = await yamada.bye(callID);
    expect(hungUp.result).toEqual({
      callID,
      message: 'CALL ENDED',
      causeCode: 16,
      cause: 'NORMAL_CLEARING',
      sessid: yamada.sessid,
    });
    expect((await suzuki.next('verto.bye', rung)).params).toEqual({
      callID: rung,
      causeCode: 16,
      cause: 'NORMAL_CLEARING',
    });
    const records = await Promise.all([
      kit.events.take('cdr', (r) => r.callUuid === callID),
      kit.events.take('cdr', (r) => r.callUuid === rung),
    ]);
    for (const record of records) {
      expect(record).toMatchObject({
        domainName: RECORDED_DOMAIN,
        direction: 'local',
        callerIdNumber: '1001',
        hangupCause: 'NORMAL_CLEARING',
      });
      expect(record.answerStamp).not.toBeNull();
    }
    expect(records[0]).toMatchObject({ extension: '1001', destinationNumber: '1002' });
    expect(records[1]).toMatchObject({ extension: '1002', destinationNumber: '1002' });
    // The call model: both legs are one call, the caller's leg started it, both were put through.
    expect(records.map((r) => [r.callId, r.originating, r.bridged, r.endedIn])).toEqual([
      [callID, true, true, ''],
      [callID, false, true, ''],
    ]);
    expect(kit.engine.callState(RECORDED_DOMAIN).filter((c) => c.uuid === callID || c.uuid === rung)).toEqual(
      [],
    );
    yamada.close();
    suzuki.close();
  });

  it('holds and resumes: HELD in the call state, hold music announced to the other side', async () => {
    const [yamada, suzuki] = await Promise.all([kit.phone('1001'), kit.phone('1002')]);
    const callID = await yamada.dial('1002');
    const rung = String((await suzuki.next('verto.invite')).params.callID);
    await suzuki.answer(rung, ANSWER);
    await yamada.next('verto.answer', callID);

    expect((await suzuki.modify(rung, 'hold')).result).toEqual({
      callID: rung,
      action: 'hold',
      holdState: 'held',
      sessid: suzuki.sessid,
    });
    expect(kit.engine.callState(RECORDED_DOMAIN).find((c) => c.uuid === rung)?.callstate).toBe('HELD');
    expect(await yamada.audio(callID)).toMatchObject({
      action: 'play',
      kind: 'hold',
      fileName: 'default_hold.wav',
      loop: true,
    });
    expect((await suzuki.modify(rung, 'toggleHold')).result).toMatchObject({ holdState: 'active' });
    expect(await yamada.audio(callID)).toEqual({ action: 'stop', callID });
    expect(kit.engine.callState(RECORDED_DOMAIN).find((c) => c.uuid === rung)?.callstate).toBe('ACTIVE');
    expect((await suzuki.modify(rung, 'unhold')).result).toMatchObject({ holdState: 'active' });

    await suzuki.bye(rung);
    await yamada.next('verto.bye', callID);
    yamada.close();
    suzuki.close();
  });

  it('ends the far end when a socket drops, with a call record for every leg', async () => {
    const [yamada, suzuki] = await Promise.all([kit.phone('1001'), kit.phone('1002')]);
    const callID = await yamada.dial('1002');
    const rung = String((await suzuki.next('verto.invite')).params.callID);
    await suzuki.answer(rung, ANSWER);
    await yamada.next('verto.answer', callID);
    suzuki.socket.terminate();
    expect((await yamada.next('verto.bye', callID)).params).toMatchObject({ cause: 'NORMAL_CLEARING' });
    const records = await Promise.all([
      kit.events.take('cdr', (r) => r.callUuid === callID),
      kit.events.take('cdr', (r) => r.callUuid === rung),
    ]);
    expect(records.map((r) => r.extension)).toEqual(['1001', '1002']);
    await kit.events.take('registration', (e) => e.extension === '1002' && !e.registered);
    yamada.close();
  });

  it('cancels the rung phone when the caller gives up, and the caller hears a refusal', async () => {
    const [yamada, suzuki] = await Promise.all([kit.phone('1001'), kit.phone('1002')]);
    const first = await yamada.dial('1002');
    const rung = String((await suzuki.next('verto.invite')).params.callID);
    await yamada.bye(first);
    expect((await suzuki.next('verto.bye', rung)).params).toMatchObject({
      cause: 'ORIGINATOR_CANCEL',
      causeCode: 487,
    });

    const second = await yamada.dial('1002');
    const rejected = String((await suzuki.next('verto.invite')).params.callID);
    await suzuki.bye(rejected, 'CALL_REJECTED');
    expect((await yamada.next('verto.bye', second)).params).toMatchObject({
      cause: 'CALL_REJECTED',
      causeCode: 21,
    });
    expect(await kit.events.take('cdr', (r) => r.callUuid === rejected)).toMatchObject({
      hangupCause: 'CALL_REJECTED',
      billsec: 0,
    });
    yamada.close();
    suzuki.close();
  });

  it('ends a call to an extension with no phone connected with USER_NOT_REGISTERED, not NO_ANSWER', async () => {
    // 1002's softphone is not signed in, and 1002 has no desk phone.
    const yamada = await kit.phone('1001');
    const ready = await kit.engine.softphones(kit.tenantUuid);
    expect(ready).toContain('1001');
    expect(ready).not.toContain('1002');
    const callID = await yamada.dial('1002');
    expect((await yamada.next('verto.bye', callID)).params).toMatchObject({
      cause: 'USER_NOT_REGISTERED',
      causeCode: 606,
    });
    yamada.close();
  });

  it('gives up after the extension’s ring time with NO_ANSWER', async () => {
    const [yamada, suzuki] = await Promise.all([kit.phone('1001'), kit.phone('1002')]);
    const callID = await yamada.dial('1002');
    const rung = String((await suzuki.next('verto.invite')).params.callID);
    expect((await suzuki.next('verto.bye', rung)).params).toMatchObject({ cause: 'NO_ANSWER' });
    expect((await yamada.next('verto.bye', callID)).params).toMatchObject({
      cause: 'NO_ANSWER',
      causeCode: 19,
    });
    yamada.close();
    suzuki.close();
  });
});

describe('the IVR and ring groups', () => {
  it('routes a DTMF choice to the ring group, whose fork is won by the first answer (LOSE_RACE for the rest)', async () => {
    const [reception, yamada, suzuki] = await Promise.all([
      kit.phone('1000'),
      kit.phone('1001'),
      kit.phone('1002'),
    ]);
    const callID = await reception.dial('5000', OFFER);
    expect(await reception.audio(callID)).toEqual({
      action: 'play',
      callID,
      kind: 'ivr',
      fileName: 'welcome.wav',
      url: `/api/v1/recording/playFile?fileName=welcome.wav&domainUuid=${kit.tenantUuid}`,
      loop: false,
    });
    expect(kit.engine.callState(RECORDED_DOMAIN).find((c) => c.uuid === callID)).toMatchObject({
      application: 'ivr',
      callstate: 'EARLY',
    });
    expect((await reception.dtmf(callID, '7')).result).toEqual({ message: 'SENT', sessid: reception.sessid });
    expect(await reception.audio(callID)).toMatchObject({
      kind: 'invalid',
      fileName: 'ivr/ivr-that_was_an_invalid_entry.wav',
      url: null,
    });
    expect(await reception.audio(callID)).toMatchObject({ kind: 'ivr' });
    await reception.dtmf(callID, '1');
    expect(await reception.audio(callID)).toEqual({ action: 'stop', callID });

    const [atYamada, atSuzuki] = await Promise.all([
      yamada.next('verto.invite'),
      suzuki.next('verto.invite'),
    ]);
    // The caller's original offer goes to every member.
    expect(atYamada.params.sdp).toBe(OFFER);
    expect(atSuzuki.params.sdp).toBe(OFFER);
    expect(atYamada.params.caller_id_number).toBe('1000');
    await suzuki.answer(String(atSuzuki.params.callID), ANSWER);
    expect((await yamada.next('verto.bye', String(atYamada.params.callID))).params).toEqual({
      callID: atYamada.params.callID,
      causeCode: 702,
      cause: 'LOSE_RACE',
    });
    expect((await reception.next('verto.answer', callID)).params).toEqual({ callID, sdp: ANSWER });
    expect((await reception.next('verto.display', callID)).params).toMatchObject({
      display_number: '1002',
      display_name: '鈴木 花子',
    });
    expect(await kit.events.take('cdr', (r) => r.callUuid === atYamada.params.callID)).toMatchObject({
      extension: '1001',
      hangupCause: 'LOSE_RACE',
      billsec: 0,
    });
    await reception.bye(callID);
    await suzuki.next('verto.bye', String(atSuzuki.params.callID));
    for (const phone of [reception, yamada, suzuki]) phone.close();
  });

  it('rings a rollover group one member at a time, in order, each for its ring time', async () => {
    // Group 301: 1000 (a browser user) then 1003 (tanaka's desk phone), 20 s each, then an announcement.
    const [yamada, reception] = await Promise.all([kit.phone('1001'), kit.phone('1000')]);
    const callID = await yamada.dial('301');
    const first = await reception.next('verto.invite');
    const ringing = await kit.events.take('ring', (r) => r.extension === '1000');
    expect(ringing.callId).toBe(first.params.callID);
    // One at a time: the desk phone has not rung yet.
    expect(kit.events.all('ring').filter((r) => r.extension === '1003')).toEqual([]);
    expect((await reception.next('verto.bye', String(first.params.callID))).params).toMatchObject({
      cause: 'NO_ANSWER',
    });
    const second = await kit.events.take('ring', (r) => r.extension === '1003');
    expect(second.callerNumber).toBe('1001');
    const desk = await kit.engine.deskPhone(RECORDED_DOMAIN, '1003');
    expect(desk.answer()).toBe(true);
    // A desk phone has no media: the caller is answered without SDP.
    expect((await yamada.next('verto.answer', callID)).params).toEqual({ callID });
    expect(desk.hangup()).toBe(true);
    await yamada.next('verto.bye', callID);
    expect(await kit.events.take('cdr', (r) => r.callUuid === second.callId)).toMatchObject({
      extension: '1003',
      hangupCause: 'NORMAL_CLEARING',
    });
    yamada.close();
    reception.close();
  });

  it('plays the group’s announcement when nobody answers, then hangs up', async () => {
    const yamada = await kit.phone('1001');
    const callID = await yamada.dial('301');
    const announcement = await yamada.audio(callID);
    expect(announcement).toMatchObject({ action: 'play', kind: 'announcement', fileName: 'after_hours.wav' });
    expect((await yamada.next('verto.bye', callID)).params).toMatchObject({ cause: 'NORMAL_CLEARING' });
    yamada.close();
  });
});

describe('the missed-call mail of a ring group', () => {
  const setMissedCallEmail = async (address: string | null) => {
    await kit.t.database.db
      .update(ringGroups)
      .set({ ringGroupMissedCallData: address })
      .where(and(eq(ringGroups.domainUuid, kit.tenantUuid), eq(ringGroups.ringGroupExtension, '301')));
    kit.engine.configChanged(kit.tenantUuid, 'ringGroup');
  };

  it('is called for when nobody answers the group, and not when a member does', async () => {
    await setMissedCallEmail('soumu@example.jp');
    const [yamada, reception] = await Promise.all([kit.phone('1001'), kit.phone('1000')]);
    try {
      // Answered by the first member: no absence facts on any leg.
      const answered = await yamada.dial('301', OFFER);
      const invite = await reception.next('verto.invite');
      await reception.answer(String(invite.params.callID), ANSWER);
      await yamada.next('verto.answer', answered);
      await yamada.bye(answered);
      const legs = await Promise.all([
        kit.events.take('cdr', (r) => r.callUuid === answered),
        kit.events.take('cdr', (r) => r.callUuid === invite.params.callID),
      ]);
      expect(legs.map((r) => r.absence)).toEqual([undefined, undefined]);

      // Nobody answers (the browser member refuses nothing, it just rings out): the caller's leg says so.
      const missed = await yamada.dial('301');
      const rung = await reception.next('verto.invite');
      await reception.next('verto.bye', String(rung.params.callID));
      await yamada.next('verto.bye', missed);
      const record = await kit.events.take('cdr', (r) => r.callUuid === missed);
      expect(record).toMatchObject({ answerStamp: null, callerIdNumber: '1001' });
      expect(record.absence).toEqual({
        callId: missed,
        missedCall: { email: 'soumu@example.jp', groupName: '総務部', groupNumber: '301' },
      });
      // The members' own legs carry nothing: the mail is the caller's call's.
      const memberLeg = await kit.events.take('cdr', (r) => r.callUuid === rung.params.callID);
      expect(memberLeg.absence).toBeUndefined();
      // One call, nobody put through: the fold calls it missed.
      expect([record.callId, record.originating, record.bridged]).toEqual([missed, true, false]);
      expect([memberLeg.callId, memberLeg.originating, memberLeg.bridged]).toEqual([missed, false, false]);
    } finally {
      await setMissedCallEmail(null);
      yamada.close();
      reception.close();
    }
  });
});

describe('the random strategy', () => {
  it('rings desk phones only, never browsers', async () => {
    const setStrategy = async (strategy: 'random' | 'rollover') => {
      await kit.t.database.db
        .update(ringGroups)
        .set({ ringGroupStrategy: strategy })
        .where(and(eq(ringGroups.domainUuid, kit.tenantUuid), eq(ringGroups.ringGroupExtension, '301')));
      kit.engine.configChanged(kit.tenantUuid, 'ringGroup');
    };
    await setStrategy('random');
    const [yamada, reception] = await Promise.all([kit.phone('1001'), kit.phone('1000')]);
    try {
      kit.events.clear();
      const callID = await yamada.dial('301');
      const ring = await kit.events.take('ring', (r) => r.callerNumber === '1001');
      expect(ring.extension).toBe('1003');
      expect((await kit.engine.deskPhone(RECORDED_DOMAIN, '1003')).answer()).toBe(true);
      await yamada.next('verto.answer', callID);
      await yamada.bye(callID);
      expect(reception.requests.all().filter((r) => r.method === 'verto.invite')).toEqual([]);
    } finally {
      await setStrategy('rollover');
      yamada.close();
      reception.close();
    }
  });
});

describe('outside numbers and speed dials', () => {
  it('reaches a simulated outside party that answers after a short ring, without media', async () => {
    const yamada = await kit.phone('1001');
    const callID = await yamada.dial('0312340001');
    expect((await yamada.next('verto.answer', callID)).params).toEqual({ callID });
    const outside = kit.engine
      .callState(RECORDED_DOMAIN)
      .find((c) => c.dest === '0312340001' && c.direction === 'outbound');
    // The outside party sees the tenant's line, not the extension.
    expect(outside).toMatchObject({ extension: '', cid_num: '0312345678', callstate: 'ACTIVE' });
    await yamada.bye(callID);
    expect(await kit.events.take('cdr', (r) => r.callUuid === callID)).toMatchObject({
      direction: 'outbound',
      destinationNumber: '0312340001',
    });
    expect(await kit.events.take('cdr', (r) => r.callUuid === outside?.uuid)).toMatchObject({
      extension: null,
      direction: 'outbound',
    });
    yamada.close();
  });

  it('dials a speed number (*0NN) to the number it stands for', async () => {
    const yamada = await kit.phone('1001');
    const callID = await yamada.dial('*001');
    await yamada.next('verto.answer', callID);
    expect(kit.engine.callState(RECORDED_DOMAIN).find((c) => c.uuid === callID)?.dest).toBe('0120123456');
    await yamada.bye(callID);
    yamada.close();
  });
});

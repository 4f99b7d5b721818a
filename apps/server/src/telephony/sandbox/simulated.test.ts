import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { dialplans, extensions, timeConditions } from '../../platform/db/schema';
import { MONDAY_10, ScriptedPhone, startSandbox, SUNDAY_10, type SandboxKit } from './testing';
import { RECORDED_DOMAIN } from '../../testing/recorded-tenant';

let kit: SandboxKit;
beforeAll(async () => {
  kit = await startSandbox();
});
afterAll(() => kit.close());

/** Changes an office extension's row and tells the engine, as the extensions service does. */
async function updateExtension(extension: string, fields: Partial<typeof extensions.$inferInsert>) {
  await kit.t.database.db
    .update(extensions)
    .set(fields)
    .where(and(eq(extensions.domainUuid, kit.tenantUuid), eq(extensions.extension, extension)));
  kit.engine.configChanged(kit.tenantUuid, 'extension');
}

/**
 * An outside caller rings the number whose schedule is closed on Sundays, at 10:00 on a Sunday; the
 * clock is back on Monday 10:00 once the steps are done.
 */
async function callOnSunday(
  steps: (callId: string) => Promise<void>,
  options: { hangupAfter?: number } = {},
): Promise<void> {
  kit.setClock(SUNDAY_10);
  try {
    const { callId } = await kit.engine.simulateIncomingCall({
      domainName: RECORDED_DOMAIN,
      from: '0612345678',
      to: '0312345679',
      ...options,
    });
    await steps(callId);
  } finally {
    kit.setClock(MONDAY_10);
  }
}

describe('simulated calls from outside', () => {
  it('follows the incoming number’s schedule in business hours: IVR, a digit, the ring group', async () => {
    kit.setClock(MONDAY_10);
    const [yamada, suzuki] = await Promise.all([kit.phone('1001'), kit.phone('1002')]);
    const { callId } = await kit.engine.simulateIncomingCall({
      domainName: RECORDED_DOMAIN,
      from: '09011112222',
      to: '0312345678',
      dtmf: '1',
      hangupAfter: 30,
    });
    const [atYamada, atSuzuki] = await Promise.all([
      yamada.next('verto.invite'),
      suzuki.next('verto.invite'),
    ]);
    // No media on the caller's side: the browsers ring with an empty offer.
    expect(atYamada.params).toMatchObject({
      sdp: '',
      caller_id_number: '09011112222',
      caller_id_name: '代表',
    });
    expect(await kit.events.take('ring', (r) => r.extension === '1001')).toMatchObject({
      callerName: '代表',
      callerNumber: '09011112222',
      clickToCall: false,
    });
    await yamada.answer(String(atYamada.params.callID), '');
    await suzuki.next('verto.bye', String(atSuzuki.params.callID));
    expect(kit.engine.callState(RECORDED_DOMAIN).find((c) => c.uuid === callId)).toMatchObject({
      extension: '',
      direction: 'inbound',
      callstate: 'ACTIVE',
      cid_num: '09011112222',
      callee_num: '1001',
      dest: '5000',
    });
    // The caller hangs up 30 s (1.5 s in the test's time) after dialling.
    await yamada.next('verto.bye', String(atYamada.params.callID));
    const records = await Promise.all([
      kit.events.take('cdr', (r) => r.callUuid === callId),
      kit.events.take('cdr', (r) => r.callUuid === atYamada.params.callID),
      kit.events.take('cdr', (r) => r.callUuid === atSuzuki.params.callID),
    ]);
    expect(records.map((r) => [r.extension, r.direction, r.callerIdNumber, r.hangupCause])).toEqual([
      [null, 'inbound', '09011112222', 'NORMAL_CLEARING'],
      ['1001', 'inbound', '09011112222', 'NORMAL_CLEARING'],
      ['1002', 'inbound', '09011112222', 'LOSE_RACE'],
    ]);
    expect(records[0]?.destinationNumber).toBe('0312345678');
    yamada.close();
    suzuki.close();
  });

  it('plays the closed announcement out of hours, then hangs up', async () => {
    await callOnSunday(async (callId) => {
      await expect
        .poll(() => kit.engine.callState(RECORDED_DOMAIN).find((c) => c.uuid === callId))
        .toMatchObject({
          application: 'playback',
          callstate: 'EARLY',
        });
      expect(await kit.events.take('cdr', (r) => r.callUuid === callId)).toMatchObject({
        billsec: 0,
        answerStamp: null,
        hangupCause: 'NORMAL_CLEARING',
      });
    });
  });

  it('takes a voicemail out of hours when the schedule says so, with its mail address (no audio kept)', async () => {
    const setDefault = (fields: Partial<typeof timeConditions.$inferInsert>) =>
      kit.t.database.db
        .update(timeConditions)
        .set(fields)
        .where(
          and(eq(timeConditions.domainUuid, kit.tenantUuid), eq(timeConditions.timeConditionType, 'anti')),
        );
    await setDefault({ timeConditionActionType: 'vmail', timeConditionVoiceMail: 'office@example.jp' });
    kit.engine.configChanged(kit.tenantUuid, 'schedule');
    try {
      await callOnSunday(
        async (callId) => {
          await expect
            .poll(() => kit.engine.callState(RECORDED_DOMAIN).find((c) => c.uuid === callId)?.application)
            .toBe('voicemail');
          const record = await kit.events.take('cdr', (r) => r.callUuid === callId);
          expect(record).toMatchObject({ callerIdNumber: '0612345678', destinationNumber: '0312345679' });
          expect(record.absence).toEqual({
            callId,
            voicemail: { email: 'office@example.jp', seconds: expect.any(Number), recording: null },
          });
          // The caller left after 40 s of the exchange's time, which the test clock runs through in 2 s.
          expect(record.absence?.voicemail?.seconds).toBeGreaterThanOrEqual(1);
          expect(record.absence?.voicemail?.seconds).toBeLessThanOrEqual(40);
        },
        { hangupAfter: 40 },
      );
    } finally {
      await setDefault({ timeConditionActionType: 'announce', timeConditionVoiceMail: '' });
      kit.engine.configChanged(kit.tenantUuid, 'schedule');
    }
  });

  it('follows a holiday rule from the holiday’s first to its last second, in the tenant zone', async () => {
    // 勤労感謝の日 2026-11-23 (a Monday): the office's schedule rings 1003 all day, not the IVR.
    const [schedule] = await kit.t.database.db
      .select()
      .from(dialplans)
      .where(and(eq(dialplans.domainUuid, kit.tenantUuid), eq(dialplans.dialplanNumber, '2000')));
    const holidayUuid = randomUUID();
    await kit.t.database.db.insert(timeConditions).values({
      timeConditionUuid: holidayUuid,
      dialplanUuid: schedule?.dialplanUuid ?? '',
      domainUuid: kit.tenantUuid,
      timeConditionName: '祝日',
      timeConditionType: 'holiday',
      timeConditionOrder: 505,
      timeConditionActionType: 'action',
      timeConditionAction: '1003',
    });
    kit.engine.configChanged(kit.tenantUuid, 'schedule');
    const callAt = async (at: string) => {
      kit.setClock(Date.parse(at));
      const { callId } = await kit.engine.simulateIncomingCall({
        domainName: RECORDED_DOMAIN,
        from: '0612345678',
        to: '0312345678',
        hangupAfter: 5,
      });
      return callId;
    };
    try {
      for (const at of [
        '2026-11-23T00:00:00+09:00',
        '2026-11-23T10:00:00+09:00',
        '2026-11-23T23:59:59+09:00',
      ]) {
        const callId = await callAt(at);
        expect(await kit.events.take('ring', (r) => r.extension === '1003')).toMatchObject({
          callerNumber: '0612345678',
        });
        await kit.engine.hangup(RECORDED_DOMAIN, callId);
      }
      // The next day at 10:00 is a working Tuesday: the IVR answers again.
      const callId = await callAt('2026-11-24T10:00:00+09:00');
      await expect
        .poll(() => kit.engine.callState(RECORDED_DOMAIN).find((c) => c.uuid === callId)?.application)
        .toBe('ivr');
      await kit.engine.hangup(RECORDED_DOMAIN, callId);
    } finally {
      kit.setClock(MONDAY_10);
      await kit.t.database.db.delete(timeConditions).where(eq(timeConditions.timeConditionUuid, holidayUuid));
      kit.engine.configChanged(kit.tenantUuid, 'schedule');
    }
  });

  it('lets desk phones it reaches answer on their own, through a forward picked up from a config change', async () => {
    await updateExtension('1000', { forwardAllDestination: '1003' });
    try {
      const { callId } = await kit.engine.simulateIncomingCall({
        domainName: RECORDED_DOMAIN,
        from: '0455556666',
        to: '0312345678',
        dtmf: '2',
        answerAfter: 2,
      });
      const ring = await kit.events.take('ring', (r) => r.extension === '1003');
      expect(ring.callerNumber).toBe('0455556666');
      await expect
        .poll(() => kit.engine.callState(RECORDED_DOMAIN).find((c) => c.uuid === callId)?.callstate)
        .toBe('ACTIVE');
      await kit.engine.hangup(RECORDED_DOMAIN, callId);
      expect(await kit.events.take('cdr', (r) => r.callUuid === ring.callId)).toMatchObject({
        extension: '1003',
      });
    } finally {
      await updateExtension('1000', { forwardAllDestination: '' });
    }
  });

  it('refuses an unknown tenant and numbers that are not numbers', async () => {
    await expect(
      kit.engine.simulateIncomingCall({
        domainName: 'nowhere.example',
        from: '0312340001',
        to: '0312345678',
      }),
    ).rejects.toMatchObject({ reason: 'unknown-tenant' });
    await expect(
      kit.engine.simulateIncomingCall({ domainName: RECORDED_DOMAIN, from: 'anonymous', to: '0312345678' }),
    ).rejects.toMatchObject({ reason: 'bad-number' });
  });
});

describe('a caller page (模擬発信)', () => {
  it('calls an incoming number with real media, and rings when an extension calls its number', async () => {
    const token = await kit.consoleToken(kit.office.users['1000']);
    const page = await ScriptedPhone.open(kit.url, `external:0312340001@${RECORDED_DOMAIN}`);
    expect((await page.loginWith(token)).result).toMatchObject({ message: 'logged in' });
    const [suzuki, yamada] = await Promise.all([kit.phone('1002'), kit.phone('1001')]);

    const callID = await page.dial('0312345678', 'v=0 offer from outside');
    expect(await page.audio(callID)).toMatchObject({ kind: 'ivr', fileName: 'welcome.wav' });
    await page.dtmf(callID, '1');
    const invite = await suzuki.next('verto.invite');
    expect(invite.params).toMatchObject({ sdp: 'v=0 offer from outside', caller_id_number: '0312340001' });
    await yamada.next('verto.invite');
    await suzuki.answer(String(invite.params.callID), 'v=0 answer inside');
    expect((await page.next('verto.answer', callID)).params).toEqual({ callID, sdp: 'v=0 answer inside' });
    // An outside phone holds, but transfers no one.
    expect((await page.modify(callID, 'transfer', '0120123456')).error).toMatchObject({ code: -32002 });
    expect((await page.modify(callID, 'hold')).result).toMatchObject({ holdState: 'held' });
    await page.bye(callID);
    expect(await kit.events.take('cdr', (r) => r.callUuid === callID)).toMatchObject({
      extension: null,
      direction: 'inbound',
    });

    const outgoing = await yamada.dial('0312340001', 'v=0 offer to the page');
    const ringing = await page.next('verto.invite');
    // The page sees the tenant's line, as an outside phone would.
    expect(ringing.params).toMatchObject({ sdp: 'v=0 offer to the page', caller_id_number: '0312345678' });
    await page.answer(String(ringing.params.callID), 'v=0 answer outside');
    expect((await yamada.next('verto.answer', outgoing)).params).toEqual({
      callID: outgoing,
      sdp: 'v=0 answer outside',
    });
    await yamada.bye(outgoing);
    await page.next('verto.bye', String(ringing.params.callID));
    for (const phone of [page, suzuki, yamada]) phone.close();
  });
});

describe('simulated desk phones', () => {
  it('click-to-call: the desk phone rings (click-to-call notice), answers, then the destination rings', async () => {
    const yamada = await kit.phone('1001');
    await kit.engine.clickToCall({ domainName: RECORDED_DOMAIN, extension: '1003', dest: '1001' });
    const notice = await kit.events.take('ring', (r) => r.extension === '1003');
    expect(notice).toMatchObject({ clickToCall: true, callerName: 'クリック発信', callerNumber: '1001' });
    const invite = await yamada.next('verto.invite');
    expect(invite.params).toMatchObject({ sdp: '', caller_id_number: '1003', caller_id_name: '田中 一郎' });
    await yamada.answer(String(invite.params.callID), '');
    await expect
      .poll(() => kit.engine.callState(RECORDED_DOMAIN).find((c) => c.uuid === notice.callId))
      .toMatchObject({ callstate: 'ACTIVE', application: 'bridge', dest: '1001', callee_num: '1001' });

    const desk = await kit.engine.deskPhone(RECORDED_DOMAIN, '1003');
    expect(desk.answer()).toBe(false);
    expect(desk.hangup()).toBe(true);
    await yamada.next('verto.bye', String(invite.params.callID));
    expect(await kit.events.take('cdr', (r) => r.callUuid === notice.callId)).toMatchObject({
      extension: '1003',
      callerIdNumber: '1003',
      destinationNumber: '1001',
    });
    expect(desk.hangup()).toBe(false);
    yamada.close();
  });

  it('rings a desk phone that is then refused, and refuses commands it cannot carry out', async () => {
    const yamada = await kit.phone('1001');
    const callID = await yamada.dial('1003');
    await kit.events.take('ring', (r) => r.extension === '1003');
    const desk = await kit.engine.deskPhone(RECORDED_DOMAIN, '1003');
    expect(desk.hangup()).toBe(true);
    expect((await yamada.next('verto.bye', callID)).params).toMatchObject({ cause: 'CALL_REJECTED' });

    await expect(kit.engine.deskPhone(RECORDED_DOMAIN, '1001')).rejects.toMatchObject({ reason: 'no-phone' });
    await expect(
      kit.engine.clickToCall({ domainName: RECORDED_DOMAIN, extension: '1004', dest: '1001' }),
    ).rejects.toMatchObject({
      reason: 'no-phone',
    });
    await expect(
      kit.engine.clickToCall({ domainName: RECORDED_DOMAIN, extension: '1999', dest: '1001' }),
    ).rejects.toMatchObject({
      reason: 'unknown-extension',
    });
    await expect(kit.engine.hangup(RECORDED_DOMAIN, 'nobody')).rejects.toMatchObject({
      reason: 'no-channel',
    });
    yamada.close();
  });
});

describe('extension settings', () => {
  it('answers a do-not-disturb extension busy, and a disabled one as unallocated', async () => {
    const yamada = await kit.phone('1001');
    await updateExtension('1002', { doNotDisturb: true });
    try {
      const callID = await yamada.dial('1002');
      expect((await yamada.next('verto.bye', callID)).params).toMatchObject({
        cause: 'USER_BUSY',
        causeCode: 17,
      });
    } finally {
      await updateExtension('1002', { doNotDisturb: false });
    }
    await updateExtension('1006', { enabled: false });
    try {
      const callID = await yamada.dial('1006');
      expect((await yamada.next('verto.bye', callID)).params).toMatchObject({ cause: 'UNALLOCATED_NUMBER' });
    } finally {
      await updateExtension('1006', { enabled: true });
    }
    yamada.close();
  });
});

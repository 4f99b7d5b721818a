import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, recallItems } from '../../platform/db/schema';
import type { CallRecord } from '../../telephony/engine';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createCallRecordStore } from './cdr.events';

let t: TestApp;
/** A tenant of its own: yamada on 1001, suzuki on 1002, tanaka on 1003; no call before the first. */
let tenantName: string;
let tenantUuid: string;
let store: (record: CallRecord) => Promise<void>;
const userOf: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const tenant = await t.build.tenant();
  tenantName = tenant.domainName;
  tenantUuid = tenant.domainUuid;
  const cast = { yamada: '1001', suzuki: '1002', tanaka: '1003' };
  for (const [name, number] of Object.entries(cast)) {
    const { extensionUuid } = await t.build.extension(tenant, { extension: number });
    userOf[name] = (await t.build.user(tenant, { extensionUuid })).userUuid;
  }
  store = createCallRecordStore({ db: t.database.db, publish: () => undefined });
});
afterAll(() => t.close());

const CALLER = '0311112222';
const T0 = Date.parse('2026-11-25T01:00:00Z');
const at = (s: number) => new Date(T0 + s * 1000);

/** One leg of call `callId` from second `from` to `to`. */
function leg(
  callId: string,
  id: string,
  from: number,
  to: number,
  over: Partial<CallRecord> & { answer?: number } = {},
): CallRecord {
  const { answer, ...rest } = over;
  return {
    domainName: tenantName,
    callUuid: `${callId}-${id}`,
    extension: null,
    direction: 'inbound',
    callerIdName: '',
    callerIdNumber: CALLER,
    destinationNumber: '0312345678',
    startStamp: at(from),
    answerStamp: answer === undefined ? null : at(answer),
    endStamp: at(to),
    billsec: answer === undefined ? 0 : to - answer,
    hangupCause: 'NORMAL_CLEARING',
    callId,
    originating: false,
    bridged: false,
    endedIn: '',
    outOfHours: false,
    ...rest,
  };
}

const callRow = async (callId: string) =>
  (
    await t.database.db
      .select()
      .from(calls)
      .where(and(eq(calls.domainUuid, tenantUuid), eq(calls.callId, callId)))
  )[0];
const itemsOfCall = async (callUuid: string) =>
  t.database.db.select().from(recallItems).where(eq(recallItems.callUuid, callUuid));

describe('the call model from the engine’s legs', () => {
  it('folds a ring group nobody answered into one missed call and one recall item, however the legs arrive', async () => {
    const legs = [
      leg('rg1', 'b1', 0, 30, {
        extension: '1001',
        destinationNumber: '1001',
        hangupCause: 'ORIGINATOR_CANCEL',
      }),
      leg('rg1', 'b2', 0, 30, {
        extension: '1002',
        destinationNumber: '1002',
        hangupCause: 'ORIGINATOR_CANCEL',
      }),
      leg('rg1', 'a', 0, 30, { originating: true, hangupCause: 'ORIGINATOR_CANCEL' }),
      leg('rg1', 'b3', 0, 30, {
        extension: '1003',
        destinationNumber: '1003',
        hangupCause: 'ORIGINATOR_CANCEL',
      }),
    ];
    for (const l of legs) await store(l);
    // A leg delivered again changes nothing.
    await store(legs[2]!);
    const call = await callRow('rg1');
    expect(call).toMatchObject({
      kind: 'inbound',
      result: 'missed',
      outsideNumber: CALLER,
      outsideKey: CALLER,
      incomingNumber: '0312345678',
      agentUserUuid: null,
      ringSeconds: 30,
      talkSeconds: 0,
      legCount: 4,
    });
    const items = await itemsOfCall(call!.callUuid);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ state: 'open', numberKey: CALLER, domainUuid: tenantUuid });
  });

  it('names who answered a ring group (the third member) and opens no recall item', async () => {
    await store(
      leg('rg2', 'b1', 0, 20, { extension: '1001', destinationNumber: '1001', hangupCause: 'NO_ANSWER' }),
    );
    await store(
      leg('rg2', 'b2', 20, 40, { extension: '1002', destinationNumber: '1002', hangupCause: 'NO_ANSWER' }),
    );
    await store(
      leg('rg2', 'b3', 40, 100, { extension: '1003', destinationNumber: '1003', bridged: true, answer: 40 }),
    );
    await store(
      leg('rg2', 'a', 0, 100, { originating: true, bridged: true, answer: 40, callerIdNumber: '0399990000' }),
    );
    const call = await callRow('rg2');
    expect(call).toMatchObject({
      result: 'answered',
      agentExtension: '1003',
      agentUserUuid: userOf.tanaka,
      ringSeconds: 40,
      talkSeconds: 60,
    });
    expect(await itemsOfCall(call!.callUuid)).toHaveLength(0);
  });

  it('closes the number’s open recall item when a colleague calls it back and is answered, recording who', async () => {
    const missed = await callRow('rg1');
    await store(
      leg('back', 'a', 600, 700, {
        originating: true,
        direction: 'outbound',
        extension: '1002',
        callerIdNumber: '1002',
        destinationNumber: CALLER,
        bridged: true,
        answer: 610,
      }),
    );
    await store(
      leg('back', 'b', 600, 700, {
        direction: 'outbound',
        callerIdNumber: '1002',
        destinationNumber: CALLER,
        bridged: true,
        answer: 610,
      }),
    );
    const back = await callRow('back');
    expect(back).toMatchObject({ kind: 'outbound', result: 'answered', agentUserUuid: userOf.suzuki });
    const [item] = await itemsOfCall(missed!.callUuid);
    expect(item).toMatchObject({ state: 'done', doneBy: userOf.suzuki, doneCallUuid: back!.callUuid });
    expect(item!.doneAt?.getTime()).toBe(at(610).getTime());
  });

  it('keeps the voicemail message of a call and marks a closed-hours call out of hours', async () => {
    await store(
      leg('night', 'a', 0, 40, {
        originating: true,
        answer: 0,
        outOfHours: true,
        endedIn: 'voicemail',
        absence: {
          callId: 'night',
          voicemail: { email: 'office@example.jp', seconds: 30, recording: '/rec/night.wav' },
        },
      }),
    );
    const call = await callRow('night');
    expect(call).toMatchObject({ result: 'out_of_hours', recording: '/rec/night.wav', talkSeconds: 0 });
    expect(await itemsOfCall(call!.callUuid)).toHaveLength(1);
  });
});

import { randomUUID } from 'node:crypto';
import { CALL_GROUPINGS, type CallResult } from '@tsunagu/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '../../platform/db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { lineFigures, periodInstants, type LineScope } from './line-analysis.repository';

// The call hours (migration 0023) are the call analysis's source; they must answer exactly what the
// calls answer, whatever writes the calls: a statement of many rows, an update of a result, a delete.
let t: TestApp;
let tenantUuid: string;
let otherTenant: string;

const jst = (day: string, time: string) => new Date(`${day}T${time}+09:00`);

function row(
  domainUuid: string,
  kind: 'inbound' | 'outbound' | 'internal',
  result: CallResult,
  at: Date,
  extra = {},
) {
  return {
    callUuid: randomUUID(),
    domainUuid,
    callId: randomUUID(),
    kind,
    startStamp: at,
    endStamp: new Date(at.getTime() + 60_000),
    outsideNumber: '0312345678',
    outsideKey: '0312345678',
    incomingNumber: kind === 'inbound' ? '0501234567' : null,
    result,
    ...extra,
  };
}

async function scope(extra: Partial<LineScope> = {}): Promise<LineScope> {
  const period = await periodInstants(t.database.db, 'Asia/Tokyo', { from: '2026-11-01', to: '2026-11-30' });
  return {
    tenantUuid,
    timeZone: 'Asia/Tokyo',
    ...period,
    businessHoursOnly: false,
    excludedDays: [],
    ...extra,
  };
}

/** Every grouping and filter, from the call hours and from the calls: they must be equal. */
async function expectSameFromBoth() {
  for (const grouping of CALL_GROUPINGS) {
    for (const extra of [
      {},
      { businessHoursOnly: true },
      { excludedDays: ['2026-11-03'] },
      { incomingNumber: '0501234567' },
    ]) {
      const s = await scope(extra);
      const hours = await lineFigures(t.database.db, s, grouping, 'hours');
      expect(hours).toEqual(await lineFigures(t.database.db, s, grouping, 'calls'));
    }
  }
}

beforeAll(async () => {
  t = await createTestApp();
  tenantUuid = (await t.build.tenant()).domainUuid;
  otherTenant = (await t.build.tenant()).domainUuid;
  await t.database.db.insert(calls).values([
    row(tenantUuid, 'inbound', 'answered', jst('2026-11-02', '09:10:00'), {
      ringSeconds: 10,
      talkSeconds: 100,
    }),
    row(tenantUuid, 'inbound', 'answered', jst('2026-11-02', '09:40:00'), {
      ringSeconds: 30,
      talkSeconds: 200,
    }),
    row(tenantUuid, 'inbound', 'missed', jst('2026-11-02', '10:05:00'), { outsideKey: '0399999999' }),
    row(tenantUuid, 'inbound', 'abandoned_ivr', jst('2026-11-02', '23:59:59')),
    row(tenantUuid, 'outbound', 'answered', jst('2026-11-02', '11:00:00'), { talkSeconds: 60 }),
    row(tenantUuid, 'outbound', 'busy', jst('2026-11-02', '11:10:00')),
    row(tenantUuid, 'internal', 'answered', jst('2026-11-02', '11:20:00'), { talkSeconds: 30 }),
    row(tenantUuid, 'inbound', 'out_of_hours', jst('2026-11-03', '10:00:00')),
    row(tenantUuid, 'inbound', 'missed', jst('2026-11-04', '00:00:00')),
    row(otherTenant, 'inbound', 'answered', jst('2026-11-02', '09:15:00'), { ringSeconds: 99 }),
  ]);
});
afterAll(() => t.close());

describe('call hours (the call analysis roll-up)', () => {
  it('answer what the calls answer, for every grouping and filter', async () => {
    const { total } = await lineFigures(t.database.db, await scope(), 'day', 'hours');
    expect(total).toMatchObject({ incoming: 6, answered: 2, missed: 4, longestWait: 30, distinctCallers: 2 });
    await expectSameFromBoth();
  });

  it("follow an update of a call's result and a deleted call, and keep other tenants apart", async () => {
    await t.database.db
      .update(calls)
      .set({ result: 'answered', ringSeconds: 45, talkSeconds: 10 })
      .where(and(eq(calls.domainUuid, tenantUuid), eq(calls.outsideKey, '0399999999')));
    let { total } = await lineFigures(t.database.db, await scope(), 'day', 'hours');
    expect(total).toMatchObject({ answered: 3, missed: 3, longestWait: 45 });
    await expectSameFromBoth();

    await t.database.db
      .delete(calls)
      .where(and(eq(calls.domainUuid, tenantUuid), eq(calls.outsideKey, '0399999999')));
    ({ total } = await lineFigures(t.database.db, await scope(), 'day', 'hours'));
    // The longest wait falls back to the longest left: a maximum cannot be kept by subtracting.
    expect(total).toMatchObject({ incoming: 5, answered: 2, longestWait: 30 });
    await expectSameFromBoth();
  });

  it('are read from the calls where the zone is not whole hours from UTC', async () => {
    const period = await periodInstants(t.database.db, 'Asia/Kolkata', {
      from: '2026-11-01',
      to: '2026-11-30',
    });
    const india = { ...(await scope()), ...period, timeZone: 'Asia/Kolkata' };
    // 09:10 in Tokyo is 05:40 in India: the hour group must be 5, which hours starting at :00 UTC cannot give.
    const { groups } = await lineFigures(t.database.db, india, 'hour');
    expect(groups.find((g) => g.key === '5')?.figures.answered).toBe(1);
  });
});

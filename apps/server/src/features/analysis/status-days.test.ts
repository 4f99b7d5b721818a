import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domains, userStatusChanges } from '../../platform/db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { statusSeconds, statusSecondsFromChanges } from './status-analysis.repository';

// The status days (migration 0030) are the status analysis's source for the days before today; with the
// open stretches added live they must answer exactly what the changes answer, whatever writes the
// changes (many rows at once, one at a time, out of order, an update, a delete) and in the tenant's zone.
let t: TestApp;
let tenantUuid: string;
let aya: string;
let ken: string;
let zone = 'Asia/Tokyo';

const jst = (day: string, time: string) => new Date(`${day}T${time}+09:00`);

const PERIODS = [
  { from: '2026-10-31', to: '2026-10-31' },
  { from: '2026-11-01', to: '2026-11-01' },
  { from: '2026-10-31', to: '2026-11-02' },
  { from: '2026-10-01', to: '2026-11-30' },
  { from: '2025-12-01', to: '2026-11-30' },
];
/** After every change; inside 2 November with a stretch open; before the last changes were made. */
const NOWS = [jst('2026-12-01', '12:00:00'), jst('2026-11-02', '11:30:00'), jst('2026-11-01', '01:00:00')];

const sorted = <T extends { userUuid: string; status: string }>(rows: T[]) =>
  rows.sort((a, b) => `${a.userUuid}${a.status}`.localeCompare(`${b.userUuid}${b.status}`));

/** Every period, moment and user filter, from the status days and from the changes: they must be equal. */
async function expectSameFromBoth() {
  for (const period of PERIODS)
    for (const now of NOWS)
      for (const userUuid of [undefined, ken]) {
        const p = { ...period, timeZone: zone, now, userUuid };
        const fromDays = sorted(await statusSeconds(t.database.db, tenantUuid, p));
        expect(fromDays).toEqual(sorted(await statusSecondsFromChanges(t.database.db, tenantUuid, p)));
      }
}

const seconds = async (from: string, to: string, userUuid: string, now = NOWS[0]!) =>
  Object.fromEntries(
    (await statusSeconds(t.database.db, tenantUuid, { from, to, timeZone: zone, now, userUuid })).map((r) => [
      r.status,
      r.seconds,
    ]),
  );

const change = (userUuid: string, fromStatus: string, toStatus: string, changedAt: Date) => ({
  domainUuid: tenantUuid,
  userUuid,
  fromStatus,
  toStatus,
  changedAt,
});

beforeAll(async () => {
  t = await createTestApp();
  const tenant = await t.build.tenant();
  tenantUuid = tenant.domainUuid;
  aya = (await t.build.user(tenant)).userUuid;
  ken = (await t.build.user(tenant)).userUuid;
  const other = await t.build.tenant();
  const stranger = (await t.build.user(other)).userUuid;
  await t.database.db.insert(userStatusChanges).values([
    change(aya, 'signedOut', 'available', jst('2026-10-31', '09:00:00')),
    change(aya, 'available', 'onCall', jst('2026-10-31', '10:00:00')),
    change(aya, 'onCall', 'wrapUp', jst('2026-10-31', '10:30:00.250')),
    change(aya, 'wrapUp', 'signedOut', jst('2026-10-31', '18:00:00')),
    // Ken works through the night from October into November, and again on 2 November.
    change(ken, 'signedOut', 'available', jst('2026-10-31', '22:00:00')),
    change(ken, 'available', 'break', jst('2026-11-01', '00:30:00')),
    change(ken, 'break', 'signedOut', jst('2026-11-01', '02:00:00')),
    {
      ...change(stranger, 'signedOut', 'available', jst('2026-11-01', '00:00:00')),
      domainUuid: other.domainUuid,
    },
  ]);
});
afterAll(() => t.close());

describe('status days (the status analysis roll-up)', () => {
  it('answer what the changes answer, across local midnight and the month boundary', async () => {
    expect(await seconds('2026-10-31', '2026-10-31', ken)).toEqual({ available: 7200 });
    expect(await seconds('2026-11-01', '2026-11-01', ken)).toMatchObject({ available: 1800, break: 5400 });
    await expectSameFromBoth();
  });

  it('follow changes stored one by one, out of order, moved and deleted', async () => {
    // 2 November, one change at a time as a working day stores them; the last one stays open.
    for (const [from, to, at] of [
      ['signedOut', 'available', '09:00:00'],
      ['available', 'onCall', '10:00:00'],
      ['onCall', 'available', '10:45:00'],
    ] as const)
      await t.database.db.insert(userStatusChanges).values(change(ken, from, to, jst('2026-11-02', at)));
    expect(await seconds('2026-11-02', '2026-11-02', ken, NOWS[1])).toEqual({
      available: 3600 + 45 * 60,
      onCall: 2700,
      signedOut: 9 * 3600,
    });
    await expectSameFromBoth();

    // A change stored late, inside a closed stretch that crosses midnight.
    await t.database.db
      .insert(userStatusChanges)
      .values(change(ken, 'available', 'meeting', jst('2026-10-31', '23:30:00')));
    await expectSameFromBoth();

    // Moved across midnight and the month boundary, then deleted.
    await t.database.db
      .update(userStatusChanges)
      .set({ changedAt: jst('2026-11-01', '00:10:00') })
      .where(and(eq(userStatusChanges.userUuid, ken), eq(userStatusChanges.toStatus, 'meeting')));
    expect(await seconds('2026-10-31', '2026-10-31', ken)).toEqual({ available: 7200 });
    await expectSameFromBoth();
    await t.database.db
      .delete(userStatusChanges)
      .where(and(eq(userStatusChanges.userUuid, ken), eq(userStatusChanges.toStatus, 'break')));
    expect(await seconds('2026-11-01', '2026-11-01', ken)).toMatchObject({ meeting: 110 * 60 });
    await expectSameFromBoth();
  });

  it("follow the tenant's zone: days are recomputed where it changes", async () => {
    // New York leaves summer time on 1 November 2026: that local day has 25 hours.
    for (const next of ['America/New_York', 'Asia/Kolkata']) {
      await t.database.db.update(domains).set({ timeZone: next }).where(eq(domains.domainUuid, tenantUuid));
      zone = next;
      await expectSameFromBoth();
    }
  });
});

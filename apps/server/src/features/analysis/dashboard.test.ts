import { randomUUID } from 'node:crypto';
import type { CallResult, Dashboard } from '@tsunagu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, cdrs } from '../../platform/db/schema';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp, type TestSession } from '../../testing/test-app';
import { createTestEngine } from '../../testing/test-engine';

const engine = createTestEngine();
let t: TestApp;
type Tenant = Awaited<ReturnType<TestApp['build']['tenant']>>;
let tenant: Tenant;
let staff: TestSession;
let admin: TestSession;
let outsider: TestSession;
let staffUuid: string;
// A few seconds ago: today in Tokyo whenever the test runs (midnight is seconds away at most once a day).
const secondsAgo = (s: number) => new Date(Date.now() - s * 1000);

/** A call of the model with its legs: `rang` lists the extensions it rang. */
async function call(
  kind: 'inbound' | 'outbound' | 'internal',
  result: CallResult,
  opts: { agent?: string; rang?: string[]; at?: Date; tenantUuid?: string } = {},
) {
  const callId = randomUUID();
  const domainUuid = opts.tenantUuid ?? tenant.domainUuid;
  const start = opts.at ?? secondsAgo(3);
  await t.database.db.insert(calls).values({
    callUuid: randomUUID(),
    domainUuid,
    callId,
    kind,
    startStamp: start,
    endStamp: new Date(start.getTime() + 60_000),
    outsideNumber: kind === 'internal' ? null : '0312345678',
    result,
    agentUserUuid: opts.agent ?? null,
  });
  for (const extensionUuid of opts.rang ?? []) {
    await t.database.db.insert(cdrs).values({
      cdrUuid: randomUUID(),
      domainUuid,
      callUuid: randomUUID(),
      callId,
      extensionUuid,
      direction: 'inbound',
      startStamp: start,
    });
  }
}

beforeAll(async () => {
  t = await createTestApp({ deps: { engine } });
  tenant = await t.build.tenant({ timeZone: 'Asia/Tokyo' });
  const ext = await t.build.extension(tenant);
  const staffRow = await t.build.user(tenant, { extensionUuid: ext.extensionUuid });
  staffUuid = staffRow.userUuid;
  staff = await t.login(staffRow.username, FACTORY_PASSWORD);
  admin = await t.login((await t.build.user(tenant, { userClass: 'CP' })).username, FACTORY_PASSWORD);
  const other = await t.build.tenant();
  outsider = await t.login((await t.build.user(other, { userClass: 'CP' })).username, FACTORY_PASSWORD);

  await call('inbound', 'answered', { agent: staffUuid, rang: [ext.extensionUuid] });
  await call('inbound', 'answered', { agent: staffUuid, rang: [ext.extensionUuid] });
  await call('inbound', 'missed', { rang: [ext.extensionUuid] });
  await call('inbound', 'voicemail');
  await call('inbound', 'abandoned_ivr');
  await call('inbound', 'failed');
  await call('outbound', 'answered', { agent: staffUuid });
  await call('internal', 'answered', { agent: staffUuid });
  // The same weekday a week before: only in the hourly comparison.
  await call('inbound', 'answered', { at: secondsAgo(7 * 86_400 + 3) });
  // Another tenant's calls never count here.
  await call('inbound', 'missed', { tenantUuid: other.domainUuid });
  engine.channels.set(tenant.domainName, [
    {
      uuid: 'ch-1',
      extension: ext.extension,
      application: 'bridge',
      dest: '0312345678',
      cid_num: ext.extension,
      callee_num: '',
      sent_callee_num: '',
      direction: 'inbound',
      callstate: 'ACTIVE',
    },
  ]);
});
afterAll(() => t.close());

const dashboard = (session: TestSession, domainUuid = tenant.domainUuid) =>
  t.request(session, { method: 'GET', url: `/api/v1/dashboard/${domainUuid}` });

describe('dashboard', () => {
  it("counts the user's own calls today from the call model", async () => {
    const res = await dashboard(staff);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as Dashboard;
    expect(data.mine).toEqual({ answered: 2, placed: 1, missed: 1 });
    // Staff without an analysis see no tenant figures.
    expect(data.tenant).toBeNull();
  });

  it("gives administrators the tenant's day, live facts included", async () => {
    const data = (await dashboard(admin)).json().data as Dashboard;
    expect(data.tenant).toMatchObject({ incoming: 6, answered: 2, missed: 3, talking: 1, parked: 0 });
    expect(data.tenant?.answerRate).toBeCloseTo(2 / 6, 6);
    expect(data.tenant?.hourly.today.reduce((a, b) => a + b, 0)).toBe(6);
    expect(data.tenant?.hourly.today).toHaveLength(24);
    expect(data.tenant?.hourly.lastWeek.reduce((a, b) => a + b, 0)).toBe(1);
  });

  it('agrees with the tenant call history for the same period and question', async () => {
    const data = (await dashboard(admin)).json().data as Dashboard;
    const total = async (filters: Record<string, unknown>) =>
      (
        await t.request(admin, {
          method: 'POST',
          url: '/api/v1/cdr/search',
          payload: { from: data.from, to: new Date(Date.now() + 1000).toISOString(), size: 10, ...filters },
        })
      ).json().data.totalElements as number;
    expect(await total({ kind: 'inbound' })).toBe(data.tenant?.incoming);
    expect(await total({ kind: 'inbound', result: 'answered' })).toBe(data.tenant?.answered);
    expect(await total({ missed: 'true' })).toBe(data.tenant?.missed);
    const mine = (await dashboard(staff)).json().data as Dashboard;
    expect(await total({ kind: 'outbound', userUuid: staffUuid })).toBe(mine.mine.placed);
    expect(await total({ kind: 'inbound', result: 'answered', userUuid: staffUuid })).toBe(
      mine.mine.answered,
    );
  });

  it("is refused for another tenant, and shows nothing of another tenant's calls", async () => {
    expect((await dashboard(outsider)).statusCode).toBe(403);
    const own = (await dashboard(outsider, (await t.build.tenant()).domainUuid)).statusCode;
    expect(own).toBe(403);
  });
});

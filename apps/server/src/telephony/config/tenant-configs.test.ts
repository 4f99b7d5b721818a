import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../platform/crypto/secrets';
import { extensions } from '../../platform/db/schema';
import { weekdayAction } from '@tsunagu/contract/schedule/testing';
import { addRingGroupMembers } from '../../testing/pbx-parts';
import { buildRecordedOffice, type RecordedOffice } from '../../testing/recorded-office';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { finalPlan, route } from '../routing';
import { createTenantConfigs, type TenantConfigs } from './tenant-configs';
import { findExtensionLogin } from './tenant-rows.repository';

/** Monday 5 January 2026, 10:00 in Tokyo; and the Sunday before it. */
const MONDAY_10 = new Date('2026-01-05T01:00:00Z');
const SUNDAY_10 = new Date('2026-01-04T01:00:00Z');

let t: TestApp;
let configs: TenantConfigs;
let office: RecordedOffice;
/** The office's tenant, and the second tenant beside it. */
let TENANT: string;
let OTHER: string;

beforeAll(async () => {
  t = await createTestApp();
  office = await buildRecordedOffice(t);
  const { build } = t;
  // Speed dials beyond the office's 01, to see them all in order.
  await build.speedDial(office.tenant, { speedNumber: '02', phoneNumber: '0662345678' });
  await build.speedDial(office.tenant, { speedNumber: '03', phoneNumber: '09012345678' });
  // The other tenant's own ring group 300 and incoming number, which must stay out of the office's snapshot.
  const other = office.other.tenant;
  const head = await build.ringGroup(other, { ringGroupExtension: '300', ringGroupName: '本社' });
  await addRingGroupMembers(t, head, ['1000', '1001']);
  const schedule = await build.schedule(other, {
    name: '本社営業',
    conditions: [weekdayAction('平日', '10:00-17:00', '300')],
  });
  await build.destination(other, schedule, { destinationNumber: '0698765432' });
  TENANT = office.tenant.domainName;
  OTHER = other.domainName;
  configs = createTenantConfigs({ db: t.database.db });
});
afterAll(() => t.close());

describe('a tenant snapshot loaded from a built office', () => {
  it('holds the extensions with their users’ phone types', async () => {
    const config = await configs.byDomainName(TENANT);
    expect(config?.domainName).toBe(TENANT);
    const built = [...Object.keys(office.extensions), ...Object.keys(office.spareExtensions)];
    expect(built).toHaveLength(10);
    expect([...(config?.extensions.keys() ?? [])].sort()).toEqual(built.sort());
    expect(config?.extensions.get('1001')).toMatchObject({ phoneType: 'verto', enabled: true });
    expect(config?.extensions.get('1003')).toMatchObject({ phoneType: 'phone' });
    expect(config?.extensions.get('1004')?.phoneType).toBeNull();
    expect(config?.extensions.get('1001')?.ring.target.name).toBe('山田 太郎');
  });

  it('holds the ring groups, the IVR, the speed dials and the lines', async () => {
    const config = await configs.byDomainName(TENANT);
    const sales = config?.ringGroups.get('300');
    expect(sales).toMatchObject({ name: office.ringGroup.ringGroupName, strategy: 'enterprise' });
    expect(sales?.members.map((m) => m.extension)).toEqual(['1001', '1002']);
    const general = config?.ringGroups.get('301');
    expect(general?.strategy).toBe('rollover');
    expect(general?.members.map((m) => [m.extension, m.ringSeconds])).toEqual([
      ['1000', 20],
      ['1003', 20],
    ]);
    expect(general?.noAnswer).toEqual({ kind: 'plan', plan: { kind: 'announce', file: 'after_hours.wav' } });
    const menu = config?.ivrMenus.get('5000');
    expect(menu?.plan.greeting).toBe('welcome.wav');
    expect(menu?.plan.choices.map((c) => [c.digit, c.number, c.target])).toEqual([
      ['1', '300', 'ringGroup'],
      ['2', '1000', 'extension'],
    ]);
    expect([...(config?.speedDials ?? [])]).toEqual([
      ['01', '0120123456'],
      ['02', '0662345678'],
      ['03', '09012345678'],
    ]);
    expect(config?.defaultGateway?.gateway).toBe('0312345678');
  });

  it('routes the incoming numbers by the schedule 通常営業 at the instant', async () => {
    const config = await configs.byDomainName(TENANT);
    if (!config) throw new Error('no office tenant');
    const call = (instant: Date) =>
      route(config, { dialled: '0312345678', caller: '09011112222', instant, context: 'public' });
    expect(call(MONDAY_10)).toMatchObject({
      kind: 'incoming',
      conditionName: '平日営業',
      actionType: 'action',
    });
    expect(finalPlan(call(MONDAY_10))).toMatchObject({ kind: 'ivr', number: '5000' });
    expect(finalPlan(call(SUNDAY_10))).toEqual({ kind: 'announce', file: 'default_closed.wav' });
    expect(config.destinations.get('0312345679')).toMatchObject({ callerIdNamePrefix: '営業部直通' });
  });

  it('never holds another tenant’s rows', async () => {
    const other = await configs.byDomainName(OTHER);
    expect([...(other?.extensions.keys() ?? [])].sort()).toEqual(['1000', '1001']);
    expect(other?.ringGroups.get('300')?.name).toBe('本社');
    expect([...(other?.destinations.keys() ?? [])]).toEqual(['0698765432']);
    expect(other?.ivrMenus.size).toBe(0);
    const own = await configs.byDomainName(TENANT);
    expect(own?.destinations.has('0698765432')).toBe(false);
  });

  it('knows no tenant by an unknown name', async () => {
    expect(await configs.byDomainName('nowhere.example')).toBeNull();
    expect(await configs.tenantUuidOf('nowhere.example')).toBeNull();
    expect(await configs.byTenant('00000000-0000-4000-8000-000000000000')).toBeNull();
  });
});

describe('the cache', () => {
  it('shares one load between callers and keeps the snapshot until the tenant changes', async () => {
    const tenantUuid = (await configs.tenantUuidOf(TENANT)) as string;
    const local = createTenantConfigs({ db: t.database.db });
    const first = local.byTenant(tenantUuid);
    expect(local.byTenant(tenantUuid)).toBe(first);
    const snapshot = await first;
    expect(await local.byDomainName(TENANT)).toBe(snapshot);

    const dnd = (on: boolean) =>
      t.database.db
        .update(extensions)
        .set({ doNotDisturb: on })
        .where(and(eq(extensions.domainUuid, tenantUuid), eq(extensions.extension, '1002')));
    await dnd(true);
    try {
      expect((await local.byTenant(tenantUuid))?.extensions.get('1002')?.doNotDisturb).toBe(false);
      local.invalidate(tenantUuid, 'extension');
      const fresh = await local.byTenant(tenantUuid);
      expect(fresh).not.toBe(snapshot);
      expect(fresh?.extensions.get('1002')?.doNotDisturb).toBe(true);
      // The group no longer rings a do-not-disturb member.
      expect(fresh?.ringGroups.get('300')?.members.map((m) => m.extension)).toEqual(['1001']);
    } finally {
      await dnd(false);
    }
  });

  it('leaves other tenants’ snapshots alone when one tenant changes', async () => {
    const officeUuid = (await configs.tenantUuidOf(TENANT)) as string;
    const other = await configs.byDomainName(OTHER);
    configs.invalidate(officeUuid, 'ringGroup');
    expect(await configs.byDomainName(OTHER)).toBe(other);
  });
});

describe('verto login lookup', () => {
  it('reads the sealed password of an extension of the tenant only', async () => {
    const secrets = createSecretBox(t.config.secretKey);
    const officeUuid = (await configs.tenantUuidOf(TENANT)) as string;
    const otherUuid = (await configs.tenantUuidOf(OTHER)) as string;
    const login = await findExtensionLogin(t.database.db, officeUuid, '1001');
    expect(login?.enabled).toBe(true);
    expect(secrets.open(login?.passwordEnc ?? '')).toMatch(/^[A-Za-z0-9]{16}$/);
    const otherLogin = await findExtensionLogin(t.database.db, otherUuid, '1001');
    expect(otherLogin?.passwordEnc).not.toBe(login?.passwordEnc);
    expect(await findExtensionLogin(t.database.db, otherUuid, '1003')).toBeNull();
  });
});

import { ivrDestinations, menuConfig, messages, type InitData } from '@tsunagu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp, type TestSession } from '../../testing/test-app';

type TenantRow = Awaited<ReturnType<TestApp['build']['tenant']>>;

let t: TestApp;
/** A tenant of this test's own: three extensions, two ring groups, one IVR menu; its administrator. */
let tenant: { row: TenantRow; uuid: string; name: string; admin: TestSession };
/** Another tenant with one ring group and no IVR; its administrator. */
let other: { uuid: string; name: string; admin: TestSession };

beforeAll(async () => {
  t = await createTestApp();
  const built = await t.build.tenant();
  for (const name of ['受付', '山田 太郎', '鈴木 花子']) {
    await t.build.extension(built, { effectiveCallerIdName: name });
  }
  await t.build.ringGroup(built, { ringGroupName: '営業部' });
  await t.build.ringGroup(built, { ringGroupName: '総務部' });
  await t.build.ivrMenu(built, { ivrMenuName: '代表メニュー' });
  const admin = await t.build.user(built, { userClass: 'CP' });
  tenant = {
    row: built,
    uuid: built.domainUuid,
    name: built.domainName,
    admin: await t.login(admin.username, FACTORY_PASSWORD),
  };

  const second = await t.build.tenant();
  await t.build.extension(second);
  await t.build.extension(second);
  await t.build.ringGroup(second, { ringGroupName: '本社' });
  const adminB = await t.build.user(second, { userClass: 'CP' });
  other = {
    uuid: second.domainUuid,
    name: second.domainName,
    admin: await t.login(adminB.username, FACTORY_PASSWORD),
  };
});
afterAll(() => t.close());

const initData = (session: TestSession | null, domainUuid: string) =>
  t.request(session, { method: 'GET', url: `/api/v1/common/initData/${domainUuid}` });

/** A staff member of the test's tenant who is shown only the given PBX screens. */
async function showOnly(...variants: number[]) {
  const hidden = [3000, 3100, 3200, 4000, 4100, 4200, 4300, 8110, 8120, 8130, 8140, 8150, 8160, 8170];
  const staff = await t.build.user(tenant.row, {
    menu: menuConfig(hidden.filter((v) => !variants.includes(v))),
  });
  return t.login(staff.username, FACTORY_PASSWORD);
}

describe('GET /api/v1/common/initData/{domainUuid}', () => {
  it("answers the tenant's extensions, ring groups and IVR menus, from which the destination choices follow", async () => {
    const res = await initData(tenant.admin, tenant.uuid);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as InitData;
    expect(data.extensions).toHaveLength(3);
    expect(data.extensions[1]).toEqual({ extension: '2002', effectiveCallerIdName: '山田 太郎' });
    expect(data.ringGroups).toEqual([
      { ringGroupExtension: '300', ringGroupName: '営業部', ringGroupContext: tenant.name },
      { ringGroupExtension: '301', ringGroupName: '総務部', ringGroupContext: tenant.name },
    ]);
    expect(data.ivrMenus).toEqual([{ ivrMenuExtension: '5000', ivrMenuName: '代表メニュー' }]);
    const values = ivrDestinations(data, tenant.name).map((c) => c.value);
    expect(values.slice(0, 3)).toEqual([
      `transfer 5000 XML ${tenant.name}`,
      `transfer 300 XML ${tenant.name}`,
      `transfer 301 XML ${tenant.name}`,
    ]);
  });

  it('serves the group, IVR and business-hours screens, and no other', async () => {
    expect((await initData(await showOnly(8150), tenant.uuid)).statusCode).toBe(200);
    expect((await initData(await showOnly(8140), tenant.uuid)).statusCode).toBe(200);
    const refused = await initData(await showOnly(8110, 8120, 8160, 8170), tenant.uuid);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe(messages.forbidden);
    expect((await initData(await showOnly(), tenant.uuid)).statusCode).toBe(403);
    expect((await initData(null, tenant.uuid)).statusCode).toBe(401);
  });

  it("never shows another tenant's targets", async () => {
    const res = await initData(other.admin, tenant.uuid);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(messages.otherTenant);
    const own = (await initData(other.admin, other.uuid)).json().data as InitData;
    expect(own.extensions.map((e) => e.extension)).toEqual(['2001', '2002']);
    expect(own.ringGroups).toEqual([
      { ringGroupExtension: '300', ringGroupName: '本社', ringGroupContext: other.name },
    ]);
    expect(own.ivrMenus).toEqual([]);
  });
});

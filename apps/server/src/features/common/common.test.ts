import { ivrDestinations, menuConfig, messages, type InitData } from '@tsunagu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../platform/db/schema';
import { createPbxKit, type PbxKit } from '../../testing/pbx-test-kit';

let k: PbxKit;
beforeAll(async () => {
  k = await createPbxKit();
});
afterAll(() => k.t.close());

const initData = (session: Parameters<PbxKit['get']>[0], domainUuid: string) =>
  k.get(session, `/api/v1/common/initData/${domainUuid}`);

/** Shows staff member tanaka only the given PBX screens. */
async function showOnly(...variants: number[]) {
  const hidden = [3000, 3100, 3200, 4000, 4100, 4200, 4300, 8110, 8120, 8130, 8140, 8150, 8160, 8170];
  await k.t.database.db
    .update(users)
    .set({ menu: menuConfig(hidden.filter((v) => !variants.includes(v))) })
    .where(eq(users.username, 'tanaka'));
  return k.t.login('tanaka', 'Staff#2026');
}

describe('GET /api/v1/common/initData/{domainUuid}', () => {
  it("answers the tenant's extensions, ring groups and IVR menus, from which the destination choices follow", async () => {
    const res = await initData(k.admin, k.demoUuid);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as InitData;
    expect(data.extensions).toHaveLength(11);
    expect(data.extensions[1]).toEqual({ extension: '1001', effectiveCallerIdName: '山田 太郎' });
    expect(data.ringGroups).toEqual([
      { ringGroupExtension: '300', ringGroupName: '営業部', ringGroupContext: 'demo.tsunagu.local' },
      { ringGroupExtension: '301', ringGroupName: '総務部', ringGroupContext: 'demo.tsunagu.local' },
    ]);
    expect(data.ivrMenus).toEqual([{ ivrMenuExtension: '5000', ivrMenuName: '代表メニュー' }]);
    const values = ivrDestinations(data, 'demo.tsunagu.local').map((c) => c.value);
    expect(values.slice(0, 3)).toEqual([
      'transfer 5000 XML demo.tsunagu.local',
      'transfer 300 XML demo.tsunagu.local',
      'transfer 301 XML demo.tsunagu.local',
    ]);
  });

  it('serves the group, IVR and business-hours screens, and no other', async () => {
    expect((await initData(await showOnly(8150), k.demoUuid)).statusCode).toBe(200);
    expect((await initData(await showOnly(8140), k.demoUuid)).statusCode).toBe(200);
    const refused = await initData(await showOnly(8110, 8120, 8160, 8170), k.demoUuid);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe(messages.forbidden);
    expect((await initData(k.staff, k.demoUuid)).statusCode).toBe(403);
    expect((await initData(null, k.demoUuid)).statusCode).toBe(401);
  });

  it("never shows another tenant's targets", async () => {
    const res = await initData(k.adminB, k.demoUuid);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(messages.otherTenant);
    const own = (await initData(k.adminB, k.otherUuid)).json().data as InitData;
    expect(own.extensions.map((e) => e.extension)).toEqual(['1000', '1001']);
    expect(own.ringGroups).toEqual([
      { ringGroupExtension: '300', ringGroupName: '本社', ringGroupContext: 'other.tsunagu.local' },
    ]);
    expect(own.ivrMenus).toEqual([]);
  });
});

import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../testing/test-app';
import type { Database } from './client';
import { changeVersions, domains, extensions, gateways, userGroupMembers, userGroups, users } from './schema';

let database: Database;
const tenant = randomUUID();
const other = randomUUID();
const user = randomUUID();
const group = randomUUID();
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.insert(domains).values([
    { domainUuid: tenant, domainName: 'version.example' },
    { domainUuid: other, domainName: 'other.example' },
  ]);
});
afterAll(() => database.close());

type Area = 'pbx' | 'directory';

async function versionOf(domainUuid: string, area: Area): Promise<number> {
  const [row] = await database.db
    .select({ version: changeVersions.version })
    .from(changeVersions)
    .where(and(eq(changeVersions.domainUuid, domainUuid), eq(changeVersions.area, area)));
  return row?.version ?? 0;
}

/** Runs a change and names the tenant's counters it moved (the other tenant's stand still). */
async function moved(change: () => Promise<unknown>): Promise<Area[]> {
  const areas: Area[] = ['pbx', 'directory'];
  const before = await Promise.all(areas.map((a) => versionOf(tenant, a)));
  const otherBefore = await Promise.all(areas.map((a) => versionOf(other, a)));
  await change();
  expect(await Promise.all(areas.map((a) => versionOf(other, a)))).toEqual(otherBefore);
  const after = await Promise.all(areas.map((a) => versionOf(tenant, a)));
  return areas.filter((_, i) => after[i] !== before[i]);
}

describe('the per-tenant, per-area change counters', () => {
  it("moves 'directory' alone with the users, groups, members and gateways user info shows", async () => {
    const { db } = database;
    expect(
      await moved(() =>
        db
          .insert(users)
          .values({ userUuid: user, domainUuid: tenant, username: 'v-user', passwordHash: 'x' }),
      ),
    ).toEqual(['directory']);
    expect(
      await moved(() => db.update(users).set({ userNm: '新しい名前' }).where(eq(users.userUuid, user))),
    ).toEqual(['directory']);
    expect(
      await moved(() =>
        db.insert(userGroups).values({ userGroupUuid: group, domainUuid: tenant, name: '営業部' }),
      ),
    ).toEqual(['directory']);
    expect(
      await moved(() => db.insert(userGroupMembers).values({ userGroupUuid: group, userUuid: user })),
    ).toEqual(['directory']);
    expect(await moved(() => db.delete(userGroupMembers).where(eq(userGroupMembers.userUuid, user)))).toEqual(
      ['directory'],
    );
    expect(
      await moved(() =>
        db.insert(gateways).values({ gatewayUuid: randomUUID(), domainUuid: tenant, gateway: '0312345678' }),
      ),
    ).toEqual(['directory']);
  });

  it("moves 'pbx' with the PBX tables and the domain row", async () => {
    const { db } = database;
    expect(
      await moved(() =>
        db
          .insert(extensions)
          .values({ extensionUuid: randomUUID(), domainUuid: tenant, extension: '1001', passwordEnc: 'x' }),
      ),
    ).toEqual(['pbx']);
    expect(
      await moved(() =>
        db.update(domains).set({ domainDescription: '本社' }).where(eq(domains.domainUuid, tenant)),
      ),
    ).toEqual(['pbx']);
  });

  it('lets a tenant be deleted with everything it holds', async () => {
    await database.db.insert(userGroupMembers).values({ userGroupUuid: group, userUuid: user });
    await database.db.delete(domains).where(eq(domains.domainUuid, tenant));
    expect(await versionOf(tenant, 'pbx')).toBe(0);
    expect(await versionOf(tenant, 'directory')).toBe(0);
    expect(await database.db.select().from(users).where(eq(users.domainUuid, tenant))).toEqual([]);
  });
});

import { randomUUID } from 'node:crypto';
import type { TenantDirectory } from '@tsunagu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/client';
import { domains, extensions, userGroupMembers, userGroups, users } from '../../platform/db/schema';
import { listCallTargets } from '../../platform/pbx/lookups.repository';
import { createListCache } from '../../platform/pbx/list-cache';
import { openTestDatabase } from '../../testing/test-app';
import { loadTenantDirectory } from './tenant-directory';
import { updateUser } from './users.repository';

let database: Database;
const tenant = randomUUID();
const user = randomUUID();
beforeAll(async () => {
  database = await openTestDatabase();
  const { db } = database;
  await db.insert(domains).values({ domainUuid: tenant, domainName: 'areas.example' });
  await db
    .insert(users)
    .values({ userUuid: user, domainUuid: tenant, username: 'areas-user', passwordHash: 'x' });
  const group = randomUUID();
  await db.insert(userGroups).values({ userGroupUuid: group, domainUuid: tenant, name: '営業部' });
  await db.insert(userGroupMembers).values({ userGroupUuid: group, userUuid: user });
});
afterAll(() => database.close());

/** The PBX list cache's initData and the tenant directory (as the users service serves them), counting initData's builds. */
function caches() {
  const lists = createListCache(database.db);
  let listBuilds = 0;
  return {
    listBuilds: () => listBuilds,
    list: () =>
      lists.answer(tenant, 'initData', () => {
        listBuilds++;
        return listCallTargets(database.db, tenant);
      }),
    async directory(): Promise<TenantDirectory> {
      const answer = await lists.answer(tenant, 'directory', () => loadTenantDirectory(database.db, tenant));
      return (JSON.parse(answer.body.toString()) as { data: TenantDirectory }).data;
    },
  };
}

const memberNames = (directory: Awaited<ReturnType<ReturnType<typeof caches>['directory']>>) =>
  directory.userGroup.commDetails.flatMap((g) => g.userList.map((u) => u.userNm));

describe('change counters per area', () => {
  it("saving a user leaves the PBX list caches warm and refreshes user info's directory", async () => {
    const c = caches();
    await c.list();
    await c.directory();
    await updateUser(database.db, user, { popup: false });
    await database.db.update(users).set({ userNm: '新しい名前' }).where(eq(users.userUuid, user));
    await c.list();
    expect(c.listBuilds()).toBe(1);
    expect(memberNames(await c.directory())).toEqual(['新しい名前']);
  });

  it('a PBX save refreshes both the PBX lists and the directory, which shows extensions too', async () => {
    const c = caches();
    await c.list();
    expect((await c.directory()).extensions).toEqual([]);
    await database.db
      .insert(extensions)
      .values({ extensionUuid: randomUUID(), domainUuid: tenant, extension: '1001', passwordEnc: 'x' });
    const answer = JSON.parse((await c.list()).body.toString()) as { data: { extensions: unknown[] } };
    expect(c.listBuilds()).toBe(2);
    expect(answer.data.extensions).toHaveLength(1);
    expect((await c.directory()).extensions.map((e) => e.extension)).toEqual(['1001']);
  });
});

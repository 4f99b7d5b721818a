import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../testing/test-app';
import type { Database } from '../db/client';
import { domains, extensions, gateways, userGroupMembers, userGroups, users } from '../db/schema';
import { findPbxVersion } from './lookups.repository';

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

/** Runs a change and tells whether the tenant's counter moved (and the other tenant's did not). */
async function bumps(change: () => Promise<unknown>): Promise<boolean> {
  const [before, otherBefore] = [
    await findPbxVersion(database.db, tenant),
    await findPbxVersion(database.db, other),
  ];
  await change();
  expect(await findPbxVersion(database.db, other)).toBe(otherBefore);
  return (await findPbxVersion(database.db, tenant)) !== before;
}

describe('the per-tenant change counter', () => {
  it('moves with the users, groups, members and gateways user info shows', async () => {
    const { db } = database;
    expect(
      await bumps(() =>
        db
          .insert(users)
          .values({ userUuid: user, domainUuid: tenant, username: 'v-user', passwordHash: 'x' }),
      ),
    ).toBe(true);
    expect(
      await bumps(() => db.update(users).set({ userNm: '新しい名前' }).where(eq(users.userUuid, user))),
    ).toBe(true);
    expect(
      await bumps(() =>
        db.insert(userGroups).values({ userGroupUuid: group, domainUuid: tenant, name: '営業部' }),
      ),
    ).toBe(true);
    expect(
      await bumps(() => db.insert(userGroupMembers).values({ userGroupUuid: group, userUuid: user })),
    ).toBe(true);
    expect(await bumps(() => db.delete(userGroupMembers).where(eq(userGroupMembers.userUuid, user)))).toBe(
      true,
    );
    expect(
      await bumps(() =>
        db.insert(gateways).values({ gatewayUuid: randomUUID(), domainUuid: tenant, gateway: '0312345678' }),
      ),
    ).toBe(true);
    expect(
      await bumps(() =>
        db
          .insert(extensions)
          .values({ extensionUuid: randomUUID(), domainUuid: tenant, extension: '1001', passwordEnc: 'x' }),
      ),
    ).toBe(true);
  });

  it('lets a tenant be deleted with everything it holds', async () => {
    await database.db.insert(userGroupMembers).values({ userGroupUuid: group, userUuid: user });
    await database.db.delete(domains).where(eq(domains.domainUuid, tenant));
    expect(await findPbxVersion(database.db, tenant)).toBe('0');
    expect(await database.db.select().from(users).where(eq(users.domainUuid, tenant))).toEqual([]);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { rowsOf } from '../db/migrate';
import {
  beatInstance,
  claimInstance,
  INSTANCE_GONE_MS,
  onlineCountsOfUsers,
  onlineSessionCounts,
  releaseInstance,
  writeConnections,
} from './presence.repository';

let t: TestApp;
/** The live session, user and tenant of each signed-in user. */
const who: Record<string, { sessionUuid: string; userUuid: string; domainUuid: string }> = {};

beforeAll(async () => {
  t = await createTestApp();
  // yamada and suzuki in one tenant, admin-b in another: each built, then signed in once.
  const [tenant, otherTenant] = await Promise.all([t.build.tenant(), t.build.tenant()]);
  const users = {
    yamada: await t.build.user(tenant),
    suzuki: await t.build.user(tenant),
    'admin-b': await t.build.user(otherTenant, { userClass: 'CP' }),
  };
  for (const [name, user] of Object.entries(users)) {
    await t.login(user.username, FACTORY_PASSWORD);
    const [row] = rowsOf<{ session_uuid: string }>(
      await t.database.db.execute(sql`SELECT session_uuid FROM sessions
        WHERE user_uuid = ${user.userUuid} AND revoked_at IS NULL`),
    );
    who[name] = { sessionUuid: row!.session_uuid, userUuid: user.userUuid, domainUuid: user.domainUuid };
  }
});
afterAll(() => t.close());

const change = (name: string) => ({ domainUuid: who[name]!.domainUuid, userUuid: who[name]!.userUuid });
const at = (seconds: number) => new Date(Date.now() + seconds * 1000);
const online = async (name: string, when: Date) =>
  (await onlineSessionCounts(t.database.db, who[name]!.domainUuid, when)).get(who[name]!.userUuid) ?? 0;

describe('presence per server instance', () => {
  it("counts a connection on a live instance, in its own tenant's list only", async () => {
    const { db } = t.database;
    await claimInstance(db, 'i-live', at(0));
    await writeConnections(db, 'i-live', new Map([[who.suzuki!.sessionUuid, 2]]), at(0));
    await writeConnections(db, 'i-live', new Map([[who['admin-b']!.sessionUuid, 1]]), at(0));
    expect(await online('suzuki', at(1))).toBe(1);
    expect(await online('admin-b', at(1))).toBe(1);
    const tenantA = await onlineSessionCounts(db, who.yamada!.domainUuid, at(1));
    expect(tenantA.has(who['admin-b']!.userUuid)).toBe(false);
    await writeConnections(db, 'i-live', new Map([[who.suzuki!.sessionUuid, 0]]), at(2));
    expect(await online('suzuki', at(3))).toBe(0);
    expect(await releaseInstance(db, 'i-live')).toEqual([change('admin-b')]);
    expect(await online('admin-b', at(3))).toBe(0);
  });

  it('writes, updates and deletes many connections in one statement, and counts the users named', async () => {
    const { db } = t.database;
    await claimInstance(db, 'i-batch', at(0));
    const sessions = (...names: string[]) => names.map((name) => who[name]!.sessionUuid);
    const [yamada, suzuki, adminB] = sessions('yamada', 'suzuki', 'admin-b');
    await writeConnections(
      db,
      'i-batch',
      new Map([
        [yamada!, 1],
        [suzuki!, 3],
        [adminB!, 1],
      ]),
      at(0),
    );
    const users = ['yamada', 'suzuki', 'admin-b'].map((name) => who[name]!.userUuid);
    expect([...(await onlineCountsOfUsers(db, users, at(1))).values()]).toEqual([1, 1, 1]);
    // A deleted session is left out rather than failing the batch.
    await writeConnections(
      db,
      'i-batch',
      new Map([
        [yamada!, 0],
        [suzuki!, 2],
        [crypto.randomUUID(), 1],
      ]),
      at(2),
    );
    const counts = await onlineCountsOfUsers(db, users, at(3));
    expect(counts.has(who.yamada!.userUuid)).toBe(false);
    expect(counts.get(who.suzuki!.userUuid)).toBe(1);
    const rows = rowsOf<{ connections: number }>(
      await db.execute(sql`SELECT connections FROM realtime_connections
        WHERE instance_id = 'i-batch' AND session_uuid = ${suzuki}`),
    );
    expect(rows).toEqual([{ connections: 2 }]);
    await releaseInstance(db, 'i-batch');
  });

  it('stops counting the connections of an instance gone silent, and a survivor deletes them', async () => {
    const { db } = t.database;
    await claimInstance(db, 'i-crashed', at(0));
    await claimInstance(db, 'i-survivor', at(0));
    await writeConnections(db, 'i-crashed', new Map([[who.yamada!.sessionUuid, 1]]), at(0));
    expect(await online('yamada', at(10))).toBe(1);
    // Not seen for longer than INSTANCE_GONE_MS: offline, even before anyone deletes the rows.
    const later = at(INSTANCE_GONE_MS / 1000 + 5);
    expect(await online('yamada', later)).toBe(0);
    const beat = await beatInstance(db, 'i-survivor', later);
    expect(beat).toEqual({ lost: false, changed: [change('yamada')] });
    const left = rowsOf<{ n: number }>(
      await db.execute(
        sql`SELECT count(*)::int AS n FROM realtime_connections WHERE instance_id = 'i-crashed'`,
      ),
    );
    expect(left[0]!.n).toBe(0);
    await releaseInstance(db, 'i-survivor');
  });

  it('clears what an instance held when it starts again under the same id', async () => {
    const { db } = t.database;
    await claimInstance(db, 'i-restarted', at(0));
    await writeConnections(db, 'i-restarted', new Map([[who.suzuki!.sessionUuid, 1]]), at(0));
    expect(await online('suzuki', at(1))).toBe(1);
    expect(await claimInstance(db, 'i-restarted', at(2))).toEqual([change('suzuki')]);
    expect(await online('suzuki', at(3))).toBe(0);
    await releaseInstance(db, 'i-restarted');
  });

  it('tells an instance taken for gone that it must write its connections again', async () => {
    const { db } = t.database;
    await claimInstance(db, 'i-slow', at(0));
    await releaseInstance(db, 'i-slow');
    expect((await beatInstance(db, 'i-slow', at(1))).lost).toBe(true);
    expect((await beatInstance(db, 'i-slow', at(2))).lost).toBe(false);
    await releaseInstance(db, 'i-slow');
  });
});

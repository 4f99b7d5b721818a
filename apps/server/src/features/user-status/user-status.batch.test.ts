import { topics, type UserStatusEntry } from '@tsunagu/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { userStatusChanges } from '../../platform/db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { Auth } from '../../platform/auth/auth-context';
import { realtimeConnections, realtimeInstances, sessions } from '../../platform/db/schema';
import type { PresenceCount } from '../../platform/realtime/presence-feed';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestEngine } from '../../testing/test-engine';
import { followStatusEvents } from './user-status.events';
import { applyStatusEvents } from './user-status.repository';
import { createUserStatusService } from './user-status.service';

/** A presence batch (e.g. a mass reconnect) changes statuses in one transaction and one message per tenant. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function serviceWithMessages() {
  const messages: { topic: string; entries: UserStatusEntry[] }[] = [];
  const service = createUserStatusService({
    db: t.database.db,
    publish: (topic, body) => messages.push({ topic, entries: JSON.parse(body) as UserStatusEntry[] }),
    now: () => new Date('2026-11-28T01:00:00Z'),
  });
  return { service, messages };
}

const historyOf = (userUuids: string[]) =>
  t.database.db
    .select({
      user: userStatusChanges.userUuid,
      from: userStatusChanges.fromStatus,
      to: userStatusChanges.toStatus,
    })
    .from(userStatusChanges)
    .where(inArray(userStatusChanges.userUuid, userUuids))
    .orderBy(asc(userStatusChanges.changeId));

describe('status changes of a presence batch', () => {
  it('signs a batch of users of two tenants in with one message per tenant naming each of them', async () => {
    const [a, b] = [await t.build.tenant(), await t.build.tenant()];
    const usersA = [await t.build.user(a), await t.build.user(a), await t.build.user(a)];
    const userB = await t.build.user(b);
    const { service, messages } = serviceWithMessages();
    await service.signedIn([
      ...usersA.map((u) => ({ domainUuid: a.domainUuid, userUuid: u.userUuid, loginCnt: 1 })),
      { domainUuid: b.domainUuid, userUuid: userB.userUuid, loginCnt: 2 },
    ]);
    expect(messages.map((m) => m.topic).sort()).toEqual(
      [topics.userStatus(a.domainUuid), topics.userStatus(b.domainUuid)].sort(),
    );
    const toA = messages.find((m) => m.topic === topics.userStatus(a.domainUuid))!;
    expect(toA.entries.map((e) => e.userUuid).sort()).toEqual(usersA.map((u) => u.userUuid).sort());
    expect(toA.entries.every((e) => e.status === 'available')).toBe(true);
    expect(await historyOf(usersA.map((u) => u.userUuid))).toHaveLength(3);

    // The same batch again (another instance heard it too): nothing changes, nothing is published.
    messages.length = 0;
    await service.signedIn(
      usersA.map((u) => ({ domainUuid: a.domainUuid, userUuid: u.userUuid, loginCnt: 1 })),
    );
    expect(messages).toEqual([]);
    expect(await historyOf(usersA.map((u) => u.userUuid))).toHaveLength(3);
  });

  it('records every step of a user in one batch, in order, and answers the last', async () => {
    const tenant = await t.build.tenant();
    const user = await t.build.user(tenant);
    const changed = await applyStatusEvents(
      t.database.db,
      tenant.domainUuid,
      [
        { userUuid: user.userUuid, event: { kind: 'signedIn' } },
        { userUuid: user.userUuid, event: { kind: 'chosen', status: 'meeting' } },
        { userUuid: user.userUuid, event: { kind: 'signedOut' } },
      ],
      new Date('2026-11-28T01:00:00Z'),
    );
    expect(await historyOf([user.userUuid])).toEqual([
      { user: user.userUuid, from: 'signedOut', to: 'available' },
      { user: user.userUuid, from: 'available', to: 'meeting' },
      { user: user.userUuid, from: 'meeting', to: 'signedOut' },
    ]);
    expect(changed).toMatchObject([{ userUuid: user.userUuid, status: 'signedOut' }]);
  });

  it('lets two instances apply the same batch at once without a deadlock or a double record', async () => {
    const tenant = await t.build.tenant();
    const users = await Promise.all([1, 2, 3, 4].map(() => t.build.user(tenant)));
    const batch = users.map((u) => ({ domainUuid: tenant.domainUuid, userUuid: u.userUuid, loginCnt: 1 }));
    const one = serviceWithMessages();
    const two = serviceWithMessages();
    await Promise.all([one.service.signedIn(batch), two.service.signedIn([...batch].reverse())]);
    expect(await historyOf(users.map((u) => u.userUuid))).toHaveLength(4);
    expect(one.messages.length + two.messages.length).toBe(1);
  });
});

describe('a user who loses the console connection', () => {
  /** The status events followed with a short grace, fed presence batches by hand. */
  async function following(graceMs: number) {
    const { service, messages } = serviceWithMessages();
    let feed!: (counts: readonly PresenceCount[]) => void;
    const stop = followStatusEvents({
      service,
      engine: createTestEngine(),
      realtime: { onPresence: (listener) => ((feed = listener), () => {}) },
      onError: (error) => {
        throw error;
      },
      signOutGraceMs: graceMs,
    });
    return { service, messages, feed: (counts: readonly PresenceCount[]) => feed(counts), stop };
  }

  async function meetingUser() {
    const tenant = await t.build.tenant();
    const user = await t.build.user(tenant);
    const session = await t.login(user.username, FACTORY_PASSWORD);
    const count = (loginCnt: number) => ({
      domainUuid: tenant.domainUuid,
      userUuid: user.userUuid,
      loginCnt,
    });
    return { tenant, user, session, count };
  }

  /** What the presence feed would write for a user connected (again) on some instance. */
  async function connect(userUuid: string) {
    const [{ sessionUuid }] = (await t.database.db
      .select({ sessionUuid: sessions.sessionUuid })
      .from(sessions)
      .where(eq(sessions.userUuid, userUuid))) as [{ sessionUuid: string }];
    await t.database.db.insert(realtimeInstances).values({ instanceId: 'other' }).onConflictDoNothing();
    await t.database.db
      .insert(realtimeConnections)
      .values({ sessionUuid, instanceId: 'other', connections: 1 });
  }

  it('keeps 会議中 and records nothing when the connection comes back within the grace', async () => {
    const { user, count } = await meetingUser();
    const f = await following(300);
    await f.service.signedIn([count(1)]);
    await f.service.choose({ domainUuid: count(1).domainUuid, userUuid: user.userUuid } as Auth, 'meeting');
    f.feed([count(0)]);
    await connect(user.userUuid);
    f.feed([count(1)]);
    await new Promise((r) => setTimeout(r, 600));
    await f.stop();
    expect((await historyOf([user.userUuid])).map((h) => h.to)).toEqual(['available', 'meeting']);
  });

  it('is ログアウト after the grace when it does not come back, and at once when signed out', async () => {
    const away = await meetingUser();
    const f = await following(300);
    await f.service.signedIn([away.count(1)]);
    f.feed([away.count(0)]);
    await vi.waitFor(async () =>
      expect((await historyOf([away.user.userUuid])).at(-1)?.to).toBe('signedOut'),
    );

    const out = await meetingUser();
    await f.service.signedIn([out.count(1)]);
    await t.request(out.session, { method: 'GET', url: '/api/logout' });
    const slow = await following(60_000);
    slow.feed([out.count(0)]);
    await slow.stop();
    expect((await historyOf([out.user.userUuid])).at(-1)?.to).toBe('signedOut');
    await f.stop();
  });

  it('records the users still away when the instance stops, instead of forgetting them', async () => {
    const { user, count } = await meetingUser();
    const f = await following(60_000);
    await f.service.signedIn([count(1)]);
    f.feed([count(0)]);
    await f.stop();
    expect((await historyOf([user.userUuid])).at(-1)?.to).toBe('signedOut');
  });
});

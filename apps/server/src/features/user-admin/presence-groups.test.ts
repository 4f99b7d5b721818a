import { randomUUID } from 'node:crypto';
import { userAdminMessages, type PresenceGroup } from '@tsunagu/contract/admin/users';
import type { TenantDirectory } from '@tsunagu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ringGroups, userGroups } from '../../platform/db/schema';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp, type TestSession } from '../../testing/test-app';

let t: TestApp;
type Tenant = Awaited<ReturnType<TestApp['build']['tenant']>>;
let tenant: Tenant;
let other: Tenant;
let cp: TestSession;
let staff: TestSession;
let otherCp: TestSession;
let members: string[];
let foreignUser: string;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.build.tenant();
  other = await t.build.tenant();
  cp = await t.login((await t.build.user(tenant, { userClass: 'CP' })).username, FACTORY_PASSWORD);
  staff = await t.login((await t.build.user(tenant)).username, FACTORY_PASSWORD);
  otherCp = await t.login((await t.build.user(other, { userClass: 'CP' })).username, FACTORY_PASSWORD);
  const a = await t.build.user(tenant, {
    userNm: 'あ',
    extensionUuid: (await t.build.extension(tenant)).extensionUuid,
  });
  const b = await t.build.user(tenant, { userNm: 'い' });
  members = [a.userUuid, b.userUuid];
  foreignUser = (await t.build.user(other)).userUuid;
  await t.database.db.insert(ringGroups).values({
    ringGroupUuid: randomUUID(),
    domainUuid: tenant.domainUuid,
    ringGroupContext: tenant.domainName,
    ringGroupName: '営業',
    ringGroupExtension: '300',
  });
});
afterAll(() => t.close());

const saveGroup = (session: TestSession, body: object) =>
  t.request(session, { method: 'POST', url: '/api/v1/userGroup', payload: body });
const input = (overrides: object = {}) => ({
  domainUuid: tenant.domainUuid,
  commName: `グループ${randomUUID().slice(0, 4)}`,
  commSub1: '300',
  userList: members,
  ...overrides,
});

describe('presence groups', () => {
  it('creates, edits and deletes a group; the tenant directory (presence tab) shows it at once', async () => {
    const res = await saveGroup(cp, input({ commName: '営業部' }));
    expect(res.statusCode, res.body).toBe(200);
    const group = (res.json().data as PresenceGroup[]).find((g) => g.commName === '営業部')!;
    expect(group.commSub1).toBe('300');
    expect(group.userList.map((u) => u.userUuid)).toEqual(members);
    const directory = async () =>
      (await t.request(cp, { method: 'GET', url: `/api/v1/user/directory/${tenant.domainUuid}` })).json()
        .data as TenantDirectory;
    expect((await directory()).userGroup.commDetails.map((g) => g.commName)).toContain('営業部');

    const edit = await saveGroup(
      cp,
      input({ commUuid: group.commUuid, commName: '営業二部', commSub1: null, userList: [members[1]] }),
    );
    expect(edit.statusCode).toBe(200);
    const edited = (edit.json().data as PresenceGroup[]).find((g) => g.commUuid === group.commUuid)!;
    expect(edited).toMatchObject({ commName: '営業二部', commSub1: null });
    expect(edited.userList.map((u) => u.userUuid)).toEqual([members[1]]);
    expect((await directory()).userGroup.commDetails.map((g) => g.commName)).toContain('営業二部');
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, group.commUuid))
      .orderBy(auditLog.auditId)
      .offset(1);
    expect(entry?.detail).toMatchObject({ before: { commName: '営業部' }, after: { commName: '営業二部' } });

    const del = await t.request(cp, { method: 'DELETE', url: `/api/v1/userGroup/${group.commUuid}` });
    expect(del.statusCode).toBe(200);
    expect((del.json().data as PresenceGroup[]).some((g) => g.commUuid === group.commUuid)).toBe(false);
    expect((await directory()).userGroup.commDetails.map((g) => g.commName)).not.toContain('営業二部');
  });

  it('takes the representative number from the tenant’s ring groups only', async () => {
    const res = await saveGroup(cp, input({ commSub1: '999' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(userAdminMessages.groupNumberUnknown);
  });

  it('takes members from the tenant’s users only, and refuses a duplicate name', async () => {
    const res = await saveGroup(cp, input({ userList: [foreignUser] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(userAdminMessages.groupMemberUnknown);
    await saveGroup(cp, input({ commName: '同名' }));
    const twice = await saveGroup(cp, input({ commName: '同名' }));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().msg).toBe(userAdminMessages.groupNameTaken);
    const empty = await saveGroup(cp, input({ commName: ' ' }));
    expect(empty.json().msg).toBe(userAdminMessages.groupNameMissing);
  });

  it('keeps another tenant’s groups invisible and immutable', async () => {
    const mine = ((await saveGroup(cp, input({ commName: '守る' }))).json().data as PresenceGroup[]).find(
      (g) => g.commName === '守る',
    )!;
    expect(
      (await t.request(otherCp, { method: 'GET', url: `/api/v1/userGroup/${tenant.domainUuid}` })).statusCode,
    ).toBe(403);
    const own = (
      await t.request(otherCp, { method: 'GET', url: `/api/v1/userGroup/${other.domainUuid}` })
    ).json().data as PresenceGroup[];
    expect(own.some((g) => g.commUuid === mine.commUuid)).toBe(false);
    expect((await saveGroup(otherCp, input({ commUuid: mine.commUuid, commName: '奪取' }))).statusCode).toBe(
      403,
    );
    const renamed = await saveGroup(otherCp, {
      ...input({ commUuid: mine.commUuid, commName: '奪取', commSub1: null, userList: [] }),
      domainUuid: other.domainUuid,
    });
    expect(renamed.statusCode).toBe(404);
    expect(
      (await t.request(otherCp, { method: 'DELETE', url: `/api/v1/userGroup/${mine.commUuid}` })).statusCode,
    ).toBe(404);
    const [row] = await t.database.db
      .select()
      .from(userGroups)
      .where(eq(userGroups.userGroupUuid, mine.commUuid));
    expect(row?.name).toBe('守る');
  });

  it('is refused to staff', async () => {
    expect(
      (await t.request(staff, { method: 'GET', url: `/api/v1/userGroup/${tenant.domainUuid}` })).statusCode,
    ).toBe(403);
    expect((await saveGroup(staff, input())).statusCode).toBe(403);
  });
});

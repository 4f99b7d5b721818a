import { userImportMessages, type UserImportResult } from '@tsunagu/contract/admin/user-import';
import { userAdminMessages } from '@tsunagu/contract/admin/users';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userGroupMembers, userGroups, users } from '../../platform/db/schema';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp, type TestSession } from '../../testing/test-app';

let t: TestApp;
type Tenant = Awaited<ReturnType<TestApp['build']['tenant']>>;
let tenant: Tenant;
let other: Tenant;
let cp: TestSession;
let otherCp: TestSession;
let freeExtension: string;
let takenExtension: string;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.build.tenant();
  other = await t.build.tenant();
  cp = await t.login((await t.build.user(tenant, { userClass: 'CP' })).username, FACTORY_PASSWORD);
  otherCp = await t.login((await t.build.user(other, { userClass: 'CP' })).username, FACTORY_PASSWORD);
  freeExtension = (await t.build.extension(tenant)).extension;
  const taken = await t.build.extension(tenant);
  takenExtension = taken.extension;
  await t.build.user(tenant, { username: 'existing.one', extensionUuid: taken.extensionUuid });
  await t.database.db
    .insert(userGroups)
    .values({ userGroupUuid: crypto.randomUUID(), domainUuid: tenant.domainUuid, name: '営業部' });
});
afterAll(() => t.close());

const post = (session: TestSession, domainUuid: string, body: object) =>
  t.request(session, { method: 'POST', url: `/api/v1/user/import/${domainUuid}`, payload: body });

describe('POST /api/v1/user/import/:domainUuid', () => {
  it('previews every row with its first error, then refuses to commit a file with errors', async () => {
    const rows = [
      { id: 'import.ok', userNm: '取込 一郎', extension: freeExtension, groups: '営業部' },
      { id: 'x', userNm: '短いID' },
      { id: 'EXISTING.one', userNm: '重複' },
      { id: 'import.two', userNm: '内線使用中', extension: takenExtension },
      { id: 'import.three', userNm: '権限', userClass: 'SP' },
      { id: 'import.four', userNm: 'グループ', groups: '存在しない' },
      { id: 'Import.OK', userNm: 'ファイル内重複' },
      { id: 'import.five', userNm: '弱い', password: 'weak' },
    ];
    const preview = await post(cp, tenant.domainUuid, { rows, commit: false, mustChangePassword: true });
    expect(preview.statusCode).toBe(200);
    const result = preview.json().data as UserImportResult;
    expect(result.created).toBe(0);
    expect(result.rows.map((r) => [r.line, r.error])).toEqual([
      [2, null],
      [3, userAdminMessages.loginIdFormat],
      [4, userAdminMessages.loginIdTaken],
      [5, userImportMessages.extensionTaken(takenExtension)],
      [6, userImportMessages.classUnknown],
      [7, userImportMessages.groupUnknown('存在しない')],
      [8, userImportMessages.idTwice],
      [9, expect.stringContaining('8文字以上')],
    ]);
    const commit = await post(cp, tenant.domainUuid, { rows, commit: true, mustChangePassword: true });
    expect(commit.statusCode).toBe(400);
    expect(commit.json().msg).toBe(userImportMessages.hasErrors);
    expect(await t.database.db.select().from(users).where(eq(users.username, 'import.ok'))).toHaveLength(0);
  });

  it('creates every row in one go: extension, groups, generated passwords shown once, must change', async () => {
    const rows = [
      { id: 'import.a', userNm: '取込 A', extension: freeExtension, groups: '営業部', userClass: '管理者' },
      { id: 'import.b', userNm: '取込 B', password: 'Typed#Pass1', phoneType: '電話機', enabled: '利用停止' },
    ];
    const res = await post(cp, tenant.domainUuid, { rows, commit: true, mustChangePassword: true });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data as UserImportResult;
    expect(result.created).toBe(2);
    const generated = result.rows[0]!.password!;
    expect(result.rows[1]!.password).toBeNull();
    await t.login('import.a', generated);
    const [a] = await t.database.db.select().from(users).where(eq(users.username, 'import.a'));
    expect(a).toMatchObject({ userClass: 'CP', mustChangePassword: true, domainUuid: tenant.domainUuid });
    expect(
      await t.database.db.select().from(userGroupMembers).where(eq(userGroupMembers.userUuid, a!.userUuid)),
    ).toHaveLength(1);
    const [b] = await t.database.db.select().from(users).where(eq(users.username, 'import.b'));
    expect(b).toMatchObject({ phoneType: 'phone', enabled: false });
  });

  it('is refused for another tenant and for staff', async () => {
    const rows = [{ id: 'import.foreign', userNm: '他社' }];
    expect(
      (await post(otherCp, tenant.domainUuid, { rows, commit: true, mustChangePassword: false })).statusCode,
    ).toBe(403);
    const staff = await t.login((await t.build.user(tenant)).username, FACTORY_PASSWORD);
    expect(
      (await post(staff, tenant.domainUuid, { rows, commit: true, mustChangePassword: false })).statusCode,
    ).toBe(403);
    expect(await t.database.db.select().from(users).where(eq(users.username, 'import.foreign'))).toHaveLength(
      0,
    );
  });
});

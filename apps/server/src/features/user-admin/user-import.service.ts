import { randomBytes, randomUUID } from 'node:crypto';
import { menuConfig } from '@tsunagu/contract';
import { Refusal } from '@tsunagu/contract/refusal';
import {
  userImportMessages as m,
  type UserImportRequest,
  type UserImportResult,
  type UserImportRow,
} from '@tsunagu/contract/admin/user-import';
import {
  generatePassword,
  managedUserSaveSchema,
  normalizeStaffMenu,
  USER_CLASS_STAFF,
  userAdminMessages,
  type ManagedUserSave,
} from '@tsunagu/contract/admin/users';
import { USER_CLASS } from '@tsunagu/contract/permissions';
import { auditedTransaction, type Actor } from '../../platform/audit/audited-transaction';
import { hashPassword } from '../../platform/auth/passwords';
import type { Db } from '../../platform/db/client';
import type { TelephonyEngine } from '../../telephony/engine';
import { requireQuotaRoom } from '../../platform/tenants/quotas';
import { findFormOptions, insertUser, setUserGroups, takenLoginIds } from './user-admin.repository';

const CLASSES: Record<string, string> = {
  '': USER_CLASS_STAFF,
  一般: USER_CLASS_STAFF,
  管理者: USER_CLASS.tenantAdmin,
};
const PHONE_TYPES: Record<string, string> = { '': 'verto', ヘッドセット: 'verto', 電話機: 'phone' };
const ENABLED: Record<string, boolean> = { '': true, 有効: true, 利用停止: false, 無効: false };

/** A checked row: the save it makes, or the first rule it breaks. */
type Checked = { line: number; id: string; userNm: string } & (
  { save: ManagedUserSave & { extensionUuid: string | null }; error: null } | { save: null; error: string }
);

/** Users from a file: every row checked with the save's rules, then all created in one transaction or none. */
export function createUserImportService({ db, engine }: { db: Db; engine: TelephonyEngine }) {
  async function check(tenantUuid: string, rows: UserImportRow[]): Promise<Checked[]> {
    const options = await findFormOptions(db, tenantUuid);
    const extensions = new Map(options.extensions.map((e) => [e.extension, e]));
    const groups = new Map(options.groups.map((g) => [g.commName, g.commUuid]));
    const taken = await takenLoginIds(db, rows.map((r) => r.id ?? '').filter(Boolean));
    const seenIds = new Set<string>();
    const seenExtensions = new Set<string>();
    const staffMenu = normalizeStaffMenu(menuConfig([]));

    return rows.map((row, index): Checked => {
      const line = index + 2;
      const id = row.id ?? '';
      const userNm = row.userNm ?? '';
      const fail = (error: string): Checked => ({ line, id, userNm, save: null, error });
      const userClass = CLASSES[row.userClass ?? ''];
      if (userClass === undefined) return fail(m.classUnknown);
      const phoneType = PHONE_TYPES[row.phoneType ?? ''];
      if (phoneType === undefined) return fail(m.phoneTypeUnknown);
      const enabled = ENABLED[row.enabled ?? ''];
      if (enabled === undefined) return fail(m.enabledUnknown);
      const groupNames = (row.groups ?? '')
        .split(/[、,]/)
        .map((name) => name.trim())
        .filter(Boolean);
      const unknownGroup = groupNames.find((name) => !groups.has(name));
      if (unknownGroup) return fail(m.groupUnknown(unknownGroup));
      const parsed = managedUserSaveSchema.safeParse({
        domainUuid: tenantUuid,
        id,
        userNm,
        userKana: row.userKana ?? '',
        email: row.email ?? '',
        userClass,
        phoneType,
        userPopup: true,
        extensionUuid: null,
        groups: groupNames.map((name) => groups.get(name)!),
        enabled,
        menu: userClass === USER_CLASS_STAFF ? staffMenu : '[]',
        ...(row.password ? { password: row.password } : { generatePassword: true }),
        mustChangePassword: false,
      });
      if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? m.unreadable);
      const lower = parsed.data.id.toLowerCase();
      if (seenIds.has(lower)) return fail(m.idTwice);
      seenIds.add(lower);
      if (taken.has(lower)) return fail(userAdminMessages.loginIdTaken);
      let extensionUuid: string | null = null;
      const number = row.extension ?? '';
      if (number) {
        const extension = extensions.get(number);
        if (!extension) return fail(m.extensionUnknown(number));
        if (extension.userUuid) return fail(m.extensionTaken(number));
        if (seenExtensions.has(number)) return fail(m.extensionTwice(number));
        seenExtensions.add(number);
        extensionUuid = extension.extensionUuid;
      }
      return { line, id, userNm, save: { ...parsed.data, extensionUuid }, error: null };
    });
  }

  return {
    /** Checks the rows (preview), or with `commit` creates them all; a row with an error refuses the whole file. */
    async import(actor: Actor, tenantUuid: string, request: UserImportRequest): Promise<UserImportResult> {
      const checked = await check(tenantUuid, request.rows);
      const answer = (created: number, passwords = new Map<number, string>()): UserImportResult => ({
        rows: checked.map(({ line, id, userNm, error }) => ({
          line,
          id,
          userNm,
          error,
          password: passwords.get(line) ?? null,
        })),
        created,
      });
      if (!request.commit) return answer(0);
      if (checked.some((row) => row.error !== null)) throw new Refusal('invalid', 'userImportHasErrors');
      const passwords = new Map<number, string>();
      const users: {
        save: ManagedUserSave & { extensionUuid: string | null };
        userUuid: string;
        passwordHash: string;
      }[] = [];
      for (const row of checked) {
        const save = row.save!;
        const password = save.password ?? generatePassword(randomBytes);
        if (!save.password) passwords.set(row.line, password);
        users.push({ save, userUuid: randomUUID(), passwordHash: await hashPassword(password) });
      }
      await auditedTransaction(
        db,
        {
          actor,
          tenantUuid,
          action: 'user.import',
          conflicts: {
            users_username_unique: 'userLoginIdTaken',
            users_extension_unique: 'userExtensionTaken',
          },
        },
        async (tx) => {
          await requireQuotaRoom(tx, tenantUuid, 'maxUsers', users.length);
          for (const { save, userUuid, passwordHash } of users) {
            await insertUser(tx, tenantUuid, {
              userUuid,
              passwordHash,
              username: save.id,
              userNm: save.userNm,
              userKana: save.userKana,
              email: save.email,
              userClass: save.userClass,
              phoneType: save.phoneType,
              userPopup: save.userPopup,
              extensionUuid: save.extensionUuid,
              enabled: save.enabled,
              menu: save.menu,
              mustChangePassword: request.mustChangePassword,
            });
            await setUserGroups(tx, userUuid, save.groups);
          }
          return { target: tenantUuid, detail: { created: users.length, ids: users.map((u) => u.save.id) } };
        },
      );
      engine.configChanged(tenantUuid, 'extension');
      return answer(users.length, passwords);
    },
  };
}

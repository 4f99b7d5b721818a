import { randomBytes, randomUUID } from 'node:crypto';
import { can, extensionCreateError, topics } from '@tsunagu/contract';
import { Refusal, invalidInput } from '@tsunagu/contract/refusal';
import {
  generatePassword,
  normalizeStaffMenu,
  USER_CLASS_STAFF,
  type ManagedUser,
  type ManagedUserSave,
  type UserFormOptions,
} from '@tsunagu/contract/admin/users';
import { EXPORT_MAX_ROWS, type Page } from '@tsunagu/contract/paging';
import type { endpoints, Parsed } from '@tsunagu/contract';
import { isProviderUser, isTenantAdmin } from '@tsunagu/contract/permissions';
import { auditedTransaction, type Actor } from '../../platform/audit/audited-transaction';
import { requireQuotaRoom } from '../../platform/tenants/quotas';
import type { Auth } from '../../platform/auth/auth-context';
import { hashPassword } from '../../platform/auth/passwords';
import { revokeUserSessions } from '../../platform/auth/sessions.repository';
import { generateExtensionPassword, type SecretBox } from '../../platform/crypto/secrets';
import type { Conn, Db } from '../../platform/db/client';
import { keysetPageAnswer, pageOf, pageWindow } from '../../platform/db/paging';
import { listUsedNumbers, lockTenantNumbers } from '../../platform/pbx/lookups.repository';
import type { SessionNotifier } from '../../platform/realtime';
import type { TelephonyEngine } from '../../telephony/engine';
import {
  countUsers,
  deleteUserRow,
  findExtensionHolder,
  findFormOptions,
  findUserRow,
  insertExtensionRow,
  insertUser,
  keysetUserPage,
  filteredUserPage,
  listUsers,
  lockUserRow,
  nameUnnamedExtension,
  loginIdTaken,
  setUserGroups,
  tenantGroupIds,
  updateUserRow,
  userTotal,
  userTotals,
  type UserFilter,
} from './user-admin.repository';

type UserListQuery = Parsed<typeof endpoints.userList, 'query'>;

export interface UserAdminServiceDeps {
  db: Db;
  secrets: SecretBox;
  realtime: SessionNotifier;
  /** Told after a change: the exchange reloads users' extensions and phone types, consoles their directory. */
  engine: TelephonyEngine;
  now?: () => Date;
}

/** Unique constraints a concurrent save may hit, with what the user reads. */
const CONFLICTS = {
  users_username_unique: 'userLoginIdTaken',
  users_extension_unique: 'userExtensionTaken',
  extensions_domain_extension_unique: 'extensionNumberTaken',
} as const;

/** What the audit trail keeps of a user before and after an edit (never a password). */
function auditView(user: {
  username: string;
  userNm: string;
  userKana: string;
  email: string;
  userClass: string;
  phoneType: string;
  userPopup: boolean;
  extensionUuid: string | null;
  enabled: boolean;
  mustChangePassword: boolean;
}) {
  return {
    id: user.username,
    userNm: user.userNm,
    userKana: user.userKana,
    email: user.email,
    userClass: user.userClass,
    phoneType: user.phoneType,
    userPopup: user.userPopup,
    extensionUuid: user.extensionUuid,
    enabled: user.enabled,
    mustChangePassword: user.mustChangePassword,
  };
}

/**
 * User management (/system/user): a tenant administrator for their tenant, a provider for any. A CP can
 * never create or raise anyone to SP (the contract's class enum), nor touch a provider user here.
 */
export function createUserAdminService({
  db,
  secrets,
  realtime,
  engine,
  now = () => new Date(),
}: UserAdminServiceDeps) {
  async function one(tenantUuid: string, userUuid: string): Promise<ManagedUser> {
    const rows = await listUsers(
      db,
      tenantUuid,
      { userUuid },
      { field: 'id', direction: 'asc' },
      { limit: 1, offset: 0 },
      now(),
    );
    const [user] = rows;
    if (!user) throw new Refusal('not-found', 'notFound');
    return user;
  }

  /** A user the caller may act on by id: of their tenant, or any tenant's for a provider; never an SP here. */
  async function target(auth: Auth, userUuid: string) {
    const user = await findUserRow(db, userUuid);
    if (!user || (user.domainUuid !== auth.domainUuid && !can(auth, 'tenant.manage'))) {
      throw new Refusal('not-found', 'notFound');
    }
    if (isProviderUser(user)) throw new Refusal('forbidden', 'userClassForbidden');
    return user;
  }

  /** Ends the user's sessions on every instance and tells their tenant they are offline. */
  async function endEverySession(tenantUuid: string, userUuid: string, sessionUuids: string[]) {
    await realtime.publish(topics.force(userUuid), '');
    await realtime.endSessions(sessionUuids);
    await realtime.publishPresence(tenantUuid, [userUuid]);
  }

  /** The extension the saved user gets: none, a free one of the tenant, or a new one made here. */
  async function extensionFor(tx: Conn, tenantUuid: string, input: ManagedUserSave) {
    if (input.newExtension) {
      await requireQuotaRoom(tx, tenantUuid, 'maxExtensions');
      await lockTenantNumbers(tx, tenantUuid);
      const error = extensionCreateError(input.newExtension, await listUsedNumbers(tx, tenantUuid));
      if (error) throw invalidInput(error);
      const extensionUuid = randomUUID();
      await insertExtensionRow(tx, tenantUuid, {
        extensionUuid,
        extension: input.newExtension.extension.trim(),
        effectiveCallerIdName: input.newExtension.effectiveCallerIdName.trim(),
        passwordEnc: secrets.seal(generateExtensionPassword()),
      });
      return extensionUuid;
    }
    if (input.extensionUuid === null) return null;
    const holder = await findExtensionHolder(tx, tenantUuid, input.extensionUuid);
    if (!holder) throw new Refusal('invalid', 'userExtensionUnknown');
    if (holder.userUuid && holder.userUuid !== input.userUuid) {
      throw new Refusal('conflict', 'userExtensionTaken');
    }
    // The name its calls present: an unnamed extension would show colleagues only a number.
    await nameUnnamedExtension(tx, tenantUuid, input.extensionUuid, input.userNm.trim());
    return input.extensionUuid;
  }

  return {
    /**
     * A page of the tenant's users. The whole list pages by keyset from the anchor the client sent, in
     * every order, its total the tenant's counter; so do the enabled or the disabled users when they are
     * most of the tenant's (the index walk then skips fewer than it keeps). A search, or the smaller side
     * of the enabled filter, pages by LIMIT/OFFSET over its matches and counts them in the same read.
     */
    async page(tenantUuid: string, query: UserListQuery): Promise<Page<ManagedUser>> {
      const filter: UserFilter = { q: query.q, enabled: query.enabled };
      const { sort } = query;
      if (!filter.q && !filter.enabled) {
        return keysetPageAnswer(
          query,
          () => userTotal(db, tenantUuid),
          (total, page) => keysetUserPage(db, tenantUuid, sort, undefined, total, page, now()),
          (row) => row.userUuid,
        );
      }
      if (!filter.q && filter.enabled) {
        const { enabled } = filter;
        const counts = await userTotals(db, tenantUuid);
        const passing = enabled === 'true' ? counts.users - counts.disabled : counts.disabled;
        if (passing === 0) return pageOf([], 0, query);
        if (passing * 2 >= counts.users)
          return keysetPageAnswer(
            query,
            () => Promise.resolve(passing),
            (total, page) => keysetUserPage(db, tenantUuid, sort, enabled, total, page, now()),
            (row) => row.userUuid,
          );
      }
      const window = pageWindow(query);
      const { rows, matches } = await filteredUserPage(db, tenantUuid, filter, sort, window, now());
      // No row on the first page: nothing matches, without counting.
      const total = matches ?? (window.offset === 0 ? 0 : await countUsers(db, tenantUuid, filter));
      return pageOf(rows, total, query);
    },

    /** The whole filtered list in the list's order; more than EXPORT_MAX_ROWS is refused. */
    async export(tenantUuid: string, query: UserListQuery): Promise<ManagedUser[]> {
      const filter: UserFilter = { q: query.q, enabled: query.enabled };
      const window = { limit: EXPORT_MAX_ROWS + 1, offset: 0 };
      const rows = await listUsers(db, tenantUuid, filter, query.sort, window, now());
      if (rows.length > EXPORT_MAX_ROWS) throw new Refusal('invalid', 'exportTooLarge');
      return rows;
    },

    options(tenantUuid: string): Promise<UserFormOptions> {
      return findFormOptions(db, tenantUuid);
    },

    /**
     * Creates or edits a user in one audited transaction: the extension (a new one included), the presence
     * groups and the stored menu with it. Disabling ends every session of the user at once.
     */
    async save(actor: Actor, tenantUuid: string, input: ManagedUserSave) {
      const self = input.userUuid === actor.auth.userUuid;
      if (self && !input.enabled) throw new Refusal('invalid', 'userCannotDisableSelf');
      if (self && input.userClass === USER_CLASS_STAFF && isTenantAdmin(actor.auth)) {
        throw new Refusal('invalid', 'userCannotDemoteSelf');
      }
      const generated = !input.userUuid && !input.password ? generatePassword(randomBytes) : null;
      const passwordHash = input.userUuid ? null : await hashPassword(input.password ?? generated ?? '');
      const userUuid = input.userUuid ?? randomUUID();
      let revoked: string[] | null = null;
      const action = input.userUuid ? 'user.save' : 'user.create';
      await auditedTransaction(db, { actor, tenantUuid, action, conflicts: CONFLICTS }, async (tx) => {
        const before = input.userUuid ? await lockUserRow(tx, tenantUuid, input.userUuid) : null;
        if (input.userUuid && !before) throw new Refusal('not-found', 'notFound');
        if (before && isProviderUser(before)) throw new Refusal('forbidden', 'userClassForbidden');
        if (await loginIdTaken(tx, input.id, input.userUuid))
          throw new Refusal('conflict', 'userLoginIdTaken');
        const groups = [...new Set(input.groups)];
        if ((await tenantGroupIds(tx, tenantUuid, groups)).size !== groups.length) {
          throw new Refusal('invalid', 'userGroupUnknown');
        }
        const values = {
          username: input.id,
          userNm: input.userNm,
          userKana: input.userKana,
          email: input.email,
          userClass: input.userClass,
          phoneType: input.phoneType,
          userPopup: input.userPopup,
          extensionUuid: await extensionFor(tx, tenantUuid, input),
          enabled: input.enabled,
          menu: input.userClass === USER_CLASS_STAFF ? normalizeStaffMenu(input.menu) : '[]',
          mustChangePassword: input.mustChangePassword,
        };
        if (before) await updateUserRow(tx, tenantUuid, userUuid, values);
        else {
          await requireQuotaRoom(tx, tenantUuid, 'maxUsers');
          await insertUser(tx, tenantUuid, { ...values, userUuid, passwordHash: passwordHash! });
        }
        await setUserGroups(tx, userUuid, groups);
        if (before?.enabled && !input.enabled) revoked = await revokeUserSessions(tx, userUuid, now());
        const after = {
          ...auditView(values),
          groups,
          ...(input.newExtension ? { newExtension: input.newExtension } : {}),
        };
        return {
          target: userUuid,
          detail: before ? { before: { ...auditView(before) }, after } : { after },
        };
      });
      // Disabled now: every session ends at once, on every instance.
      if (revoked) await endEverySession(tenantUuid, userUuid, revoked);
      engine.configChanged(tenantUuid, 'extension');
      return { user: await one(tenantUuid, userUuid), password: generated };
    },

    /** Deletes a user: their sessions end at once; call history keeps the name it recorded. */
    async remove(actor: Actor, userUuid: string): Promise<void> {
      if (userUuid === actor.auth.userUuid) throw new Refusal('invalid', 'userCannotDeleteSelf');
      const user = await target(actor.auth, userUuid);
      let revoked: string[] = [];
      await auditedTransaction(
        db,
        { actor, tenantUuid: user.domainUuid, action: 'user.delete' },
        async (tx) => {
          revoked = await revokeUserSessions(tx, userUuid, now());
          await deleteUserRow(tx, user.domainUuid, userUuid);
          return { target: userUuid, detail: { before: auditView(user) } };
        },
      );
      await endEverySession(user.domainUuid, userUuid, revoked);
      engine.configChanged(user.domainUuid, 'extension');
    },

    /**
     * A new generated password (answered once, never stored in clear or audited). The user's sessions end
     * and the next sign-in must change it.
     */
    async resetPassword(actor: Actor, userUuid: string): Promise<{ password: string }> {
      const user = await target(actor.auth, userUuid);
      const password = generatePassword(randomBytes);
      const passwordHash = await hashPassword(password);
      let revoked: string[] = [];
      await auditedTransaction(
        db,
        { actor, tenantUuid: user.domainUuid, action: 'user.passwordReset' },
        async (tx) => {
          await updateUserRow(tx, user.domainUuid, userUuid, { passwordHash, mustChangePassword: true });
          revoked = await revokeUserSessions(tx, userUuid, now());
          return { target: userUuid, detail: { id: user.username } };
        },
      );
      await endEverySession(user.domainUuid, userUuid, revoked);
      return { password };
    },
  };
}

export type UserAdminService = ReturnType<typeof createUserAdminService>;

import {
  can,
  flagOf,
  isFlagOn,
  topics,
  messages,
  type ForceLogoutBody,
  type SoftphoneConnection,
  type UserInfo,
  type UserInfoWithDirectory,
  type UserSaveRequest,
} from '@tsunagu/contract';
import { Refusal } from '@tsunagu/contract/refusal';
import { auditChanges } from '../../platform/audit/audit-diff';
import { audit } from '../../platform/audit/audit.repository';
import type { Auth } from '../../platform/auth/auth-context';
import type { LoginThrottle } from '../../platform/auth/login-throttle';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import { revokeOtherSessions, revokeUserSessions } from '../../platform/auth/sessions.repository';
import type { SecretBox } from '../../platform/crypto/secrets';
import type { Db } from '../../platform/db/client';
import type { SessionNotifier } from '../../platform/realtime';
import type { TelephonyEngine } from '../../telephony/engine';
import type { Answer, ListCache } from '../../platform/pbx/list-cache';
import { onlineSessionCounts } from '../../platform/realtime/presence.repository';
import { findDomainInfo, findOwnExtension, findUser, findUserInfo, updateUser } from './users.repository';
import { loadTenantDirectory } from './tenant-directory';

export interface UsersServiceDeps {
  db: Db;
  secrets: SecretBox;
  realtime: SessionNotifier;
  /** The sign-in throttle: a password change's current password is checked under it too. */
  throttle: LoginThrottle;
  /** Told when a user's phone type changes: the exchange rings a browser or a desk phone accordingly. */
  engine: TelephonyEngine;
  /** Where the browser softphone signs in (the sandbox's /verto, or FreeSWITCH's mod_verto). */
  softphoneUrl: string;
  /** The tenant directory's answer is kept here, with the PBX lists, under the tenant's change counter. */
  lists: ListCache;
  now?: () => Date;
}

export function createUsersService({
  db,
  secrets,
  realtime,
  throttle,
  engine,
  softphoneUrl,
  lists,
  now = () => new Date(),
}: UsersServiceDeps) {
  return {
    /**
     * The signed-in user and their tenant (spec 3 "Logged-in user info"); oneself or SP only. With
     * `withDirectory`, the spec's whole info: the tenant's directory and who of it is online.
     */
    async info(
      auth: Auth,
      username: string,
      withDirectory = false,
    ): Promise<UserInfo | UserInfoWithDirectory> {
      if (username.toLowerCase() !== auth.username.toLowerCase() && !can(auth, 'tenant.manage')) {
        throw new Refusal('forbidden', 'forbidden');
      }
      const found = await findUserInfo(db, username);
      if (!found) throw new Refusal('not-found', 'notFound');
      const { user } = found;
      // A provider acting inside a tenant is in that tenant on every screen until the acting ends.
      const acting = auth.acting && user.userUuid === auth.userUuid;
      const domain = (acting && (await findDomainInfo(db, auth.domainUuid))) || found.domain;
      const info: UserInfo = {
        user: {
          userUuid: user.userUuid,
          id: user.username,
          userNm: user.userNm,
          domainUuid: domain.domainUuid,
          extensionUuid: user.extensionUuid,
          userGroupUuid: user.userGroupUuid,
          phoneType: user.phoneType,
          popup: flagOf(user.popup),
          userPopup: flagOf(user.userPopup),
          userClass: user.userClass,
          menu: user.menu,
          extension: user.extension,
          mustChangePassword: user.mustChangePassword,
        },
        domain,
      };
      if (!withDirectory) return info;
      const [directory, online] = await Promise.all([
        loadTenantDirectory(db, domain.domainUuid),
        onlineSessionCounts(db, domain.domainUuid, now()),
      ]);
      const commDetails = directory.userGroup.commDetails.map((group) => ({
        ...group,
        userList: group.userList.map((member) => ({ ...member, loginCnt: online.get(member.userUuid) ?? 0 })),
      }));
      return { ...info, ...directory, userGroup: { commDetails } };
    },

    /** The tenant's directory as a cached answer (the route sends it with its ETag, compressed). */
    directory(tenantUuid: string): Promise<Answer> {
      return lists.answer(tenantUuid, 'directory', () => loadTenantDirectory(db, tenantUuid));
    },

    /** Password, pop-up and phone-type changes for oneself. Returns the message to show. */
    async save(auth: Auth, request: UserSaveRequest, ip: string): Promise<string> {
      if (request.userUuid !== auth.userUuid) throw new Refusal('forbidden', 'forbidden');
      const user = await findUser(db, auth.userUuid);
      if (!user) throw new Refusal('not-found', 'notFound');
      const password = request.userCredentials?.password ?? null;
      if (request.popup !== undefined && request.popup !== flagOf(user.popup) && !user.userPopup) {
        throw new Refusal('forbidden', 'popupLocked');
      }
      // A stolen token alone must not take the account over: a new password needs the current one,
      // and guessing it here is throttled like a sign-in.
      if (password) {
        const attempt = await throttle.attempt(ip, user.username);
        if (attempt.refused) throw new Refusal('too-many', 'tooManyAttempts');
        if (!(await verifyPassword(user.passwordHash, request.userCredentials?.currentPassword ?? ''))) {
          await audit(db, {
            domainUuid: auth.domainUuid,
            userUuid: auth.userUuid,
            username: auth.username,
            action: 'user.passwordFailure',
            target: user.userUuid,
            ip,
          });
          throw new Refusal('invalid', 'currentPasswordWrong');
        }
        await attempt.succeeded();
      }
      const changes = {
        ...(password ? { passwordHash: await hashPassword(password), mustChangePassword: false } : {}),
        ...(request.popup !== undefined ? { popup: isFlagOn(request.popup) } : {}),
        ...(request.phoneType !== undefined ? { phoneType: request.phoneType } : {}),
      };
      if (Object.keys(changes).length === 0) throw new Refusal('invalid', 'inputInvalid');
      const ended = await db.transaction(async (tx) => {
        await updateUser(tx, user.userUuid, changes);
        // A new password ends every other session, so a stolen token stops working.
        const revoked = password ? await revokeOtherSessions(tx, user.userUuid, auth.sessionUuid, now()) : [];
        await audit(tx, {
          domainUuid: auth.domainUuid,
          userUuid: auth.userUuid,
          username: auth.username,
          action: 'user.save',
          target: user.userUuid,
          targetLabel: user.userNm || user.username,
          detail: {
            password: Boolean(password),
            changes: auditChanges(
              { popup: user.popup, phoneType: user.phoneType },
              { popup: changes.popup ?? user.popup, phoneType: changes.phoneType ?? user.phoneType },
            ),
          },
          ip,
        });
        return revoked;
      });
      await realtime.endSessions(ended);
      if (changes.phoneType) engine.configChanged(auth.domainUuid, 'extension');
      return request.popup !== undefined && !password ? messages.popupChanged : messages.changed;
    },

    /** Ends every session of a user of the caller's tenant (SP: any tenant) and sends them to the login page. */
    async forceLogout(auth: Auth, userUuid: string, ip: string): Promise<void> {
      const target = await findUser(db, userUuid);
      if (!target || (target.domainUuid !== auth.domainUuid && !can(auth, 'tenant.manage'))) {
        throw new Refusal('not-found', 'notFound');
      }
      const ended = await db.transaction(async (tx) => {
        const revoked = await revokeUserSessions(tx, userUuid, now());
        await audit(tx, {
          domainUuid: target.domainUuid,
          userUuid: auth.userUuid,
          username: auth.username,
          action: 'user.forceLogout',
          target: userUuid,
          targetLabel: target.userNm || target.username,
          detail: { sessions: revoked.length },
          ip,
          actingReason: auth.acting?.reason,
        });
        return revoked;
      });
      // The user is told who ended the session (the login page says so).
      const admin = await findUser(db, auth.userUuid);
      const body: ForceLogoutBody = { by: admin?.userNm?.trim() || auth.username };
      await realtime.publish(topics.force(userUuid), JSON.stringify(body));
      await realtime.endSessions(ended);
      await realtime.publishPresence(target.domainUuid, [userUuid]);
    },

    /** The caller's own extension credentials for their softphone; nobody else's. */
    async softphoneConnection(auth: Auth): Promise<SoftphoneConnection> {
      const own = await findOwnExtension(db, auth.userUuid);
      if (!own) throw new Refusal('not-found', 'extensionUnassigned');
      return {
        socketUrl: softphoneUrl,
        user: `${own.extension.extension}@${own.domainName}`,
        pass: secrets.open(own.extension.passwordEnc),
        callerNumber: own.extension.extension,
        callerName: own.extension.effectiveCallerIdName || own.userNm,
      };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;

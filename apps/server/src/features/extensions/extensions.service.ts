import { randomUUID } from 'node:crypto';
import {
  extensionCreateError,
  extensionSaveError,
  flagOf,
  isFlagOn,
  type Extension,
  type ExtensionCreateRequest,
  type ExtensionSaveRequest,
} from '@tsunagu/contract';
import { Refusal, invalidInput } from '@tsunagu/contract/refusal';
import { generateExtensionPassword, type SecretBox } from '../../platform/crypto/secrets';
import type { Db } from '../../platform/db/client';
import { requireCapability } from '../../platform/auth/auth-context';
import { commitChange, type Actor } from '../../platform/pbx/commit-change';
import { requireQuotaRoom } from '../../platform/tenants/quotas';
import { commitGuardedDelete } from '../../platform/pbx/delete-guard';
import type { ListCache } from '../../platform/pbx/list-cache';
import {
  listGatewayNumbers,
  listUsedNumbers,
  lockTenantNumbers,
} from '../../platform/pbx/lookups.repository';
import type { TelephonyEngine } from '../../telephony/engine';
import {
  deleteExtension,
  extensionBefore,
  insertExtension,
  listExtensions,
  updateExtension,
  updateExtensionPassword,
  type ExtensionRow,
} from './extensions.repository';

export interface ExtensionsServiceDeps {
  db: Db;
  secrets: SecretBox;
  engine: TelephonyEngine;
  lists: ListCache;
  /** Reports work after the commit that failed (the answer still goes out). */
  onError: (error: unknown) => void;
}

function toExtension(row: ExtensionRow): Extension {
  return {
    id: row.extensionUuid,
    ...row,
    enabled: flagOf(row.enabled),
    doNotDisturb: flagOf(row.doNotDisturb),
  };
}

export function createExtensionsService(deps: ExtensionsServiceDeps) {
  const { db, secrets } = deps;

  async function list(tenantUuid: string): Promise<Extension[]> {
    return (await listExtensions(db, tenantUuid)).map(toExtension);
  }

  return {
    /** The extension list of spec 2.6, flags as 'true'/'false', without any secret. */
    list,

    /** GET's answer `{ list }`, cached until the tenant's PBX data changes. */
    answer: (tenantUuid: string) =>
      deps.lists.answer(tenantUuid, 'extension', async () => ({ list: await list(tenantUuid) })),

    /** The edit dialog (caller number, status, do-not-disturb, forward); returns the new list. */
    async save(actor: Actor, tenantUuid: string, input: ExtensionSaveRequest): Promise<Extension[]> {
      const change = { actor, tenantUuid, kind: 'extension', action: 'extension.save' } as const;
      await commitChange(deps, change, async (tx) => {
        const error = extensionSaveError(input, await listGatewayNumbers(tx, tenantUuid));
        if (error) throw invalidInput(error);
        const after = {
          outboundCallerIdNumber: input.outboundCallerIdNumber,
          enabled: isFlagOn(input.enabled),
          doNotDisturb: isFlagOn(input.doNotDisturb),
          forwardAllDestination: input.forwardAllDestination.trim(),
        };
        const fields = ['extension', ...Object.keys(after)];
        const before = await extensionBefore(tx, tenantUuid, input.extensionUuid, fields);
        if (!before || !(await updateExtension(tx, tenantUuid, input.extensionUuid, after))) {
          throw new Refusal('not-found', 'notFound');
        }
        const { extension, ...was } = before;
        return { target: input.extensionUuid, label: String(extension), before: was, after };
      });
      return list(tenantUuid);
    },

    /** Adds an extension with a generated SIP/verto password, which this answer alone ever reveals. */
    async create(actor: Actor, tenantUuid: string, input: ExtensionCreateRequest) {
      requireCapability(actor.auth, 'pbx.extension.create');
      const extensionUuid = randomUUID();
      const password = generateExtensionPassword();
      const change = {
        actor,
        tenantUuid,
        kind: 'extension',
        action: 'extension.create',
        conflicts: { extensions_domain_extension_unique: 'extensionNumberTaken' },
      } as const;
      await commitChange(deps, change, async (tx) => {
        await lockTenantNumbers(tx, tenantUuid);
        const error = extensionCreateError(input, await listUsedNumbers(tx, tenantUuid));
        if (error) throw invalidInput(error);
        await requireQuotaRoom(tx, tenantUuid, 'maxExtensions');
        const extension = input.extension.trim();
        const effectiveCallerIdName = input.effectiveCallerIdName.trim();
        await insertExtension(tx, tenantUuid, {
          extensionUuid,
          extension,
          effectiveCallerIdName,
          passwordEnc: secrets.seal(password),
        });
        return { target: extensionUuid, label: extension, detail: { extension, effectiveCallerIdName } };
      });
      const all = await list(tenantUuid);
      return { extension: all.find((e) => e.extensionUuid === extensionUuid), password, list: all };
    },

    /**
     * Gives the extension a new SIP/verto password, which this answer alone reveals. The engine reloads the
     * tenant's directory, so the old password no longer registers, and drops the phones signed in with it.
     * The new password is answered even when the engine cannot be reached: it is already stored.
     */
    async resetPassword(actor: Actor, tenantUuid: string, extensionUuid: string) {
      requireCapability(actor.auth, 'pbx.extension.resetPassword');
      const password = generateExtensionPassword();
      let extension = '';
      const change = { actor, tenantUuid, kind: 'extension', action: 'extension.passwordReset' } as const;
      await commitChange(deps, change, async (tx) => {
        const number = await updateExtensionPassword(tx, tenantUuid, extensionUuid, secrets.seal(password));
        if (number === null) throw new Refusal('not-found', 'notFound');
        extension = number;
        // The password itself is never written to the audit log.
        return { target: extensionUuid, label: number, detail: { extension: number } };
      });
      await deps.engine.dropRegistrations(tenantUuid, extension).catch(deps.onError);
      return { extension, password };
    },

    /**
     * Removes an extension. Refused (409 「使用中: …」) while a ring group, IVR, schedule, speed dial, forward
     * or user uses it, unless `removeReferences`: then those go in the same transaction.
     */
    async remove(
      actor: Actor,
      tenantUuid: string,
      extensionUuid: string,
      removeReferences = false,
    ): Promise<void> {
      requireCapability(actor.auth, 'pbx.extension.delete');
      const change = { actor, tenantUuid, kind: 'extension', action: 'extension.delete' } as const;
      await commitGuardedDelete(deps, change, extensionUuid, removeReferences, {
        remove: async (tx) => {
          const number = await deleteExtension(tx, tenantUuid, extensionUuid);
          return number === null ? null : { extension: number };
        },
      });
    },
  };
}

export type ExtensionsService = ReturnType<typeof createExtensionsService>;

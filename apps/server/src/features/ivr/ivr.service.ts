import { randomUUID } from 'node:crypto';
import {
  flagOf,
  isFlagOn,
  ivrDestinations,
  ivrSaveError,
  type IvrMenu,
  type IvrOption,
  type IvrSaveRequest,
} from '@tsunagu/contract';
import { Refusal, invalidInput } from '@tsunagu/contract/refusal';
import type { Db } from '../../platform/db/client';
import { commitChange, type Actor } from '../../platform/pbx/commit-change';
import { requireQuotaRoom } from '../../platform/tenants/quotas';
import { commitGuardedDelete } from '../../platform/pbx/delete-guard';
import type { ListCache } from '../../platform/pbx/list-cache';
import {
  findDomainName,
  listCallTargets,
  listRecordingFilenames,
  listUsedNumbers,
  lockTenantNumbers,
} from '../../platform/pbx/lookups.repository';
import type { TelephonyEngine } from '../../telephony/engine';
import {
  deleteMenu,
  findMenu,
  ivrMenuBefore,
  insertMenu,
  listMenuRows,
  listOptionRows,
  replaceOptions,
  updateMenu,
  type MenuRow,
} from './ivr.repository';

export interface IvrServiceDeps {
  db: Db;
  engine: TelephonyEngine;
  lists: ListCache;
}

/**
 * Numbers the server gives new menus: the first one free in the tenant. Four digits so that they read as
 * internal, below the park slots (5901–5908).
 */
export const IVR_NUMBER_RANGE = { min: 5000, max: 5899 } as const;

function firstFreeNumber(used: readonly string[]): string | null {
  const taken = new Set(used);
  for (let n = IVR_NUMBER_RANGE.min; n <= IVR_NUMBER_RANGE.max; n++)
    if (!taken.has(String(n))) return String(n);
  return null;
}

function toMenu(row: MenuRow, options: IvrOption[]): IvrMenu {
  return {
    id: row.ivrMenuUuid,
    ...row,
    ivrMenuEnabled: flagOf(row.ivrMenuEnabled),
    ivrMenuOptions: options,
  };
}

export function createIvrService(deps: IvrServiceDeps) {
  const { db } = deps;

  async function list(tenantUuid: string): Promise<IvrMenu[]> {
    const [rows, options] = await Promise.all([listMenuRows(db, tenantUuid), listOptionRows(db, tenantUuid)]);
    const byMenu = new Map<string, IvrOption[]>();
    for (const { ivrMenuUuid, ...option } of options) {
      // The table's CHECK constraint keeps digits to the IVR set, so the stored text is an IvrDigit.
      const parsed = option as IvrOption;
      const known = byMenu.get(ivrMenuUuid);
      if (known) known.push(parsed);
      else byMenu.set(ivrMenuUuid, [parsed]);
    }
    return rows.map((row) => toMenu(row, byMenu.get(row.ivrMenuUuid) ?? []));
  }

  return {
    /** The tenant's IVR menus with their options. */
    list,

    /** GET's answer `{ list }`, cached until the tenant's PBX data changes. */
    answer: (tenantUuid: string) =>
      deps.lists.answer(tenantUuid, 'ivr', async () => ({ list: await list(tenantUuid) })),

    /** Creates (no ivrMenuUuid; the number is assigned here) or updates a menu and replaces its options. */
    async save(actor: Actor, tenantUuid: string, menu: IvrSaveRequest): Promise<IvrMenu[]> {
      const change = {
        actor,
        tenantUuid,
        kind: 'ivr',
        action: 'ivr.save',
        conflicts: { ivr_menu_options_menu_digits_unique: 'ivrDigitTaken' },
      } as const;
      await commitChange(deps, change, async (tx) => {
        await lockTenantNumbers(tx, tenantUuid);
        const [domainName, targets, recordingFilenames] = await Promise.all([
          findDomainName(tx, tenantUuid),
          listCallTargets(tx, tenantUuid),
          listRecordingFilenames(tx, tenantUuid),
        ]);
        if (domainName === null) throw new Refusal('not-found', 'notFound');
        const destinations = ivrDestinations(targets, domainName).map((d) => d.value);
        const error = ivrSaveError(menu, { destinations, recordingFilenames });
        if (error) throw invalidInput(error);

        const existing = menu.ivrMenuUuid ? await findMenu(tx, tenantUuid, menu.ivrMenuUuid) : null;
        if (menu.ivrMenuUuid && !existing) throw new Refusal('not-found', 'notFound');
        const number = existing?.ivrMenuExtension ?? firstFreeNumber(await listUsedNumbers(tx, tenantUuid));
        if (number === null) throw new Refusal('invalid', 'ivrNumbersExhausted');
        const ivrMenuUuid = menu.ivrMenuUuid ?? randomUUID();
        const columns = {
          // The name is read-only once the menu exists (spec 2.8): an edit keeps the stored one.
          ivrMenuName: existing?.ivrMenuName ?? menu.ivrMenuName.trim(),
          ivrMenuExtension: number,
          ivrMenuGreetLong: menu.ivrMenuGreetLong,
          ivrMenuDescription: menu.ivrMenuDescription ?? null,
          ivrMenuEnabled: isFlagOn(menu.ivrMenuEnabled),
        };
        const before = existing && (await ivrMenuBefore(tx, tenantUuid, ivrMenuUuid, Object.keys(columns)));
        if (existing) await updateMenu(tx, tenantUuid, ivrMenuUuid, columns);
        else {
          await requireQuotaRoom(tx, tenantUuid, 'maxIvrMenus');
          await insertMenu(tx, tenantUuid, ivrMenuUuid, columns);
        }
        // An option keeps its id only when it already belonged to this menu; any other id is replaced.
        const ownIds = new Set(existing?.optionUuids ?? []);
        const options = menu.ivrMenuOptions.map((o) => ({
          ivrMenuOptionUuid:
            o.ivrMenuOptionUuid && ownIds.has(o.ivrMenuOptionUuid) ? o.ivrMenuOptionUuid : randomUUID(),
          ivrMenuOptionDigits: o.ivrMenuOptionDigits,
          ivrMenuOptionParam: o.ivrMenuOptionParam,
        }));
        await replaceOptions(tx, tenantUuid, ivrMenuUuid, options);
        const after = { ...columns, options: options.map((o) => o.ivrMenuOptionDigits).sort() };
        const label = `${columns.ivrMenuExtension} ${columns.ivrMenuName}`;
        return before
          ? { target: ivrMenuUuid, label, before, after }
          : { target: ivrMenuUuid, label, detail: after };
      });
      return list(tenantUuid);
    },

    /** Deletes one of the tenant's menus; refused while in use unless `removeReferences` (same transaction). */
    async remove(
      actor: Actor,
      tenantUuid: string,
      ivrMenuUuid: string,
      removeReferences = false,
    ): Promise<void> {
      const change = { actor, tenantUuid, kind: 'ivr', action: 'ivr.delete' } as const;
      await commitGuardedDelete(deps, change, ivrMenuUuid, removeReferences, {
        remove: async (tx) => {
          const name = await deleteMenu(tx, tenantUuid, ivrMenuUuid);
          return name === null ? null : { ivrMenuName: name };
        },
      });
    },
  };
}

export type IvrService = ReturnType<typeof createIvrService>;

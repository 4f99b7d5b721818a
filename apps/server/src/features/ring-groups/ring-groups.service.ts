import { randomUUID } from 'node:crypto';
import {
  isFlagOn,
  flagOf,
  ringGroupFromForm,
  ringGroupSaveError,
  type RingGroup,
  type RingGroupForm,
} from '@tsunagu/contract';
import { Refusal, invalidInput } from '@tsunagu/contract/refusal';
import type { Db } from '../../platform/db/client';
import { commitChange, type Actor } from '../../platform/pbx/commit-change';
import { requireQuotaRoom } from '../../platform/tenants/quotas';
import { commitGuardedDelete } from '../../platform/pbx/delete-guard';
import type { ListCache } from '../../platform/pbx/list-cache';
import {
  findDomainName,
  listExtensionNumbers,
  listRecordingFilenames,
  listUsedNumbers,
  lockTenantNumbers,
} from '../../platform/pbx/lookups.repository';
import type { TelephonyEngine } from '../../telephony/engine';
import {
  deleteRingGroup,
  insertRingGroup,
  ringGroupBefore,
  listMemberRows,
  listRingGroupRows,
  replaceMembers,
  updateRingGroup,
  type RingGroupRow,
} from './ring-groups.repository';

export interface RingGroupsServiceDeps {
  db: Db;
  engine: TelephonyEngine;
  lists: ListCache;
}

function toRingGroup(row: RingGroupRow, destinations: RingGroup['destinations']): RingGroup {
  const { createdAt: _created, updatedAt: _updated, ...fields } = row;
  return { ...fields, ringGroupEnabled: flagOf(row.ringGroupEnabled), destinations };
}

export function createRingGroupsService(deps: RingGroupsServiceDeps) {
  const { db } = deps;

  async function list(tenantUuid: string): Promise<RingGroup[]> {
    const [rows, members] = await Promise.all([
      listRingGroupRows(db, tenantUuid),
      listMemberRows(db, tenantUuid),
    ]);
    const byGroup = new Map<string, RingGroup['destinations']>();
    for (const { ringGroupUuid, destinationNumber, destinationTimeout } of members) {
      const member = { destinationNumber, destinationTimeout };
      const known = byGroup.get(ringGroupUuid);
      if (known) known.push(member);
      else byGroup.set(ringGroupUuid, [member]);
    }
    return rows.map((row) => toRingGroup(row, byGroup.get(row.ringGroupUuid) ?? []));
  }

  return {
    /** The tenant's ring groups with their members (the list's badges). */
    list,

    /** GET's answer `{ list }`, cached until the tenant's PBX data changes. */
    answer: (tenantUuid: string) =>
      deps.lists.answer(tenantUuid, 'ringGroup', async () => ({ list: await list(tenantUuid) })),

    /** Creates (no ringGroupUuid) or updates a ring group from the registration form; returns the new list. */
    async save(actor: Actor, tenantUuid: string, form: RingGroupForm): Promise<RingGroup[]> {
      const change = {
        actor,
        tenantUuid,
        kind: 'ringGroup',
        action: 'ringGroup.save',
        conflicts: { ring_groups_domain_extension_unique: 'ringGroupNumberTaken' },
      } as const;
      await commitChange(deps, change, async (tx) => {
        await lockTenantNumbers(tx, tenantUuid);
        const [domainName, usedNumbers, extensions, recordingFilenames] = await Promise.all([
          findDomainName(tx, tenantUuid),
          listUsedNumbers(tx, tenantUuid, { ringGroupUuid: form.ringGroupUuid }),
          listExtensionNumbers(tx, tenantUuid),
          listRecordingFilenames(tx, tenantUuid),
        ]);
        const error = ringGroupSaveError(form, { usedNumbers, extensions, recordingFilenames });
        if (error) throw invalidInput(error);
        if (domainName === null) throw new Refusal('not-found', 'notFound');
        const { destinations, ...fields } = ringGroupFromForm(form, domainName);
        const ringGroupUuid = form.ringGroupUuid ?? randomUUID();
        const after = {
          ...fields,
          ringGroupEnabled: isFlagOn(fields.ringGroupEnabled),
          members: destinations.map((d) => d.destinationNumber),
        };
        const label = `${fields.ringGroupExtension} ${fields.ringGroupName}`;
        if (!form.ringGroupUuid) {
          await requireQuotaRoom(tx, tenantUuid, 'maxRingGroups');
          await insertRingGroup(tx, tenantUuid, ringGroupUuid, fields);
          await replaceMembers(tx, tenantUuid, ringGroupUuid, destinations);
          return { target: ringGroupUuid, label, detail: after };
        }
        const before = await ringGroupBefore(tx, tenantUuid, ringGroupUuid, Object.keys(fields));
        if (!before || !(await updateRingGroup(tx, tenantUuid, ringGroupUuid, fields))) {
          throw new Refusal('not-found', 'notFound');
        }
        await replaceMembers(tx, tenantUuid, ringGroupUuid, destinations);
        return { target: ringGroupUuid, label, before, after };
      });
      return list(tenantUuid);
    },

    /** Deletes one of the tenant's ring groups; refused while in use unless `removeReferences` (same transaction). */
    async remove(
      actor: Actor,
      tenantUuid: string,
      ringGroupUuid: string,
      removeReferences = false,
    ): Promise<void> {
      const change = { actor, tenantUuid, kind: 'ringGroup', action: 'ringGroup.delete' } as const;
      await commitGuardedDelete(deps, change, ringGroupUuid, removeReferences, {
        remove: async (tx) => {
          const number = await deleteRingGroup(tx, tenantUuid, ringGroupUuid);
          return number === null ? null : { ringGroupExtension: number };
        },
      });
    },
  };
}

export type RingGroupsService = ReturnType<typeof createRingGroupsService>;

import { randomUUID } from 'node:crypto';
import { can } from '@tsunagu/contract';
import { Refusal } from '@tsunagu/contract/refusal';
import { type PresenceGroup, type PresenceGroupSave } from '@tsunagu/contract/admin/users';
import { auditedTransaction, type Actor } from '../../platform/audit/audited-transaction';
import type { Db } from '../../platform/db/client';
import type { TelephonyEngine } from '../../telephony/engine';
import {
  countTenantUsers,
  deletePresenceGroup,
  findPresenceGroup,
  groupNameTaken,
  listPresenceGroups,
  lockPresenceGroup,
  writePresenceGroup,
} from './presence-groups.repository';
import { listRingGroupNumbers } from './user-admin.repository';

export interface PresenceGroupsServiceDeps {
  db: Db;
  /** Told after a change: every console of the tenant fetches its directory again (/topic/pbx). */
  engine: TelephonyEngine;
}

/** Presence groups (the spec's userGroup.commDetails): name, representative number and members. */
export function createPresenceGroupsService({ db, engine }: PresenceGroupsServiceDeps) {
  return {
    list: (tenantUuid: string): Promise<PresenceGroup[]> => listPresenceGroups(db, tenantUuid),

    /** Creates or edits a group in one audited transaction; answers the tenant's groups. */
    async save(actor: Actor, tenantUuid: string, input: PresenceGroupSave): Promise<PresenceGroup[]> {
      const commUuid = input.commUuid ?? randomUUID();
      const members = [...new Set(input.userList)];
      const commSub1 = input.commSub1 === null || input.commSub1 === '' ? null : input.commSub1;
      await auditedTransaction(db, { actor, tenantUuid, action: 'userGroup.save' }, async (tx) => {
        const before = input.commUuid ? await lockPresenceGroup(tx, tenantUuid, input.commUuid) : null;
        if (input.commUuid && !before) throw new Refusal('not-found', 'notFound');
        if (await groupNameTaken(tx, tenantUuid, input.commName, input.commUuid)) {
          throw new Refusal('conflict', 'userGroupNameTaken');
        }
        if (commSub1 !== null) {
          const numbers = (await listRingGroupNumbers(tx, tenantUuid)).map((r) => r.extension);
          if (!numbers.includes(commSub1)) throw new Refusal('invalid', 'userGroupNumberUnknown');
        }
        if ((await countTenantUsers(tx, tenantUuid, members)) !== members.length) {
          throw new Refusal('invalid', 'userGroupMemberUnknown');
        }
        const group = { commUuid, commName: input.commName, commSub1, userList: members };
        await writePresenceGroup(tx, tenantUuid, group, before === null);
        const after = { commName: group.commName, commSub1, userList: members };
        return {
          target: commUuid,
          detail: before
            ? { before: { commName: before.name, commSub1: before.representativeNumber }, after }
            : { after },
        };
      });
      engine.configChanged(tenantUuid, 'extension');
      return listPresenceGroups(db, tenantUuid);
    },

    /** Deletes a group (its members stay users); answers the group's tenant's groups. */
    async remove(actor: Actor, commUuid: string): Promise<PresenceGroup[]> {
      const group = await findPresenceGroup(db, commUuid);
      if (!group || (group.domainUuid !== actor.auth.domainUuid && !can(actor.auth, 'tenant.manage'))) {
        throw new Refusal('not-found', 'notFound');
      }
      const tenantUuid = group.domainUuid;
      await auditedTransaction(db, { actor, tenantUuid, action: 'userGroup.delete' }, async (tx) => {
        await deletePresenceGroup(tx, tenantUuid, commUuid);
        return {
          target: commUuid,
          detail: { before: { commName: group.name, commSub1: group.representativeNumber } },
        };
      });
      engine.configChanged(tenantUuid, 'extension');
      return listPresenceGroups(db, tenantUuid);
    },
  };
}

export type PresenceGroupsService = ReturnType<typeof createPresenceGroupsService>;

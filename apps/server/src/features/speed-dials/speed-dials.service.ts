import { randomUUID } from 'node:crypto';
import { speedDialSaveError, type SpeedDial, type SpeedDialSaveRequest } from '@tsunagu/contract';
import { Refusal, invalidInput } from '@tsunagu/contract/refusal';
import type { Db } from '../../platform/db/client';
import { commitChange, type Actor } from '../../platform/pbx/commit-change';
import type { TelephonyEngine } from '../../telephony/engine';
import {
  deleteSpeedDial,
  insertSpeedDial,
  listSpeedDials,
  speedDialBefore,
  updateSpeedDial,
} from './speed-dials.repository';

export interface SpeedDialsServiceDeps {
  db: Db;
  engine: TelephonyEngine;
}

export function createSpeedDialsService(deps: SpeedDialsServiceDeps) {
  const { db } = deps;
  const list = (tenantUuid: string): Promise<SpeedDial[]> => listSpeedDials(db, tenantUuid);

  return {
    /** The tenant's speed dials (commGroup 'speed-dial'). */
    list,

    /** Creates (no commUuid) or updates an entry; returns the new list. */
    async save(actor: Actor, tenantUuid: string, entry: SpeedDialSaveRequest): Promise<SpeedDial[]> {
      const change = {
        actor,
        tenantUuid,
        kind: 'speedDial',
        action: 'speedDial.save',
        conflicts: { speed_dials_domain_number_unique: 'speedDialNumberTaken' },
      } as const;
      await commitChange(deps, change, async (tx) => {
        const error = speedDialSaveError(entry, await listSpeedDials(tx, tenantUuid));
        if (error) throw invalidInput(error);
        const row = {
          speedNumber: entry.commName,
          phoneNumber: entry.commSub1,
          memo: entry.commSub2?.trim() || null,
        };
        const commUuid = entry.commUuid ?? randomUUID();
        if (!entry.commUuid) {
          await insertSpeedDial(tx, tenantUuid, commUuid, row);
          return { target: commUuid, label: row.speedNumber, detail: row };
        }
        const before = await speedDialBefore(tx, tenantUuid, commUuid);
        if (!before || !(await updateSpeedDial(tx, tenantUuid, commUuid, row)))
          throw new Refusal('not-found', 'notFound');
        return { target: commUuid, label: row.speedNumber, before, after: row };
      });
      return list(tenantUuid);
    },

    /** Deletes one of the tenant's speed dials. */
    async remove(actor: Actor, tenantUuid: string, commUuid: string): Promise<void> {
      const change = { actor, tenantUuid, kind: 'speedDial', action: 'speedDial.delete' } as const;
      await commitChange(deps, change, async (tx) => {
        const number = await deleteSpeedDial(tx, tenantUuid, commUuid);
        if (number === null) throw new Refusal('not-found', 'notFound');
        return { target: commUuid, label: number, detail: { commName: number } };
      });
    },
  };
}

export type SpeedDialsService = ReturnType<typeof createSpeedDialsService>;

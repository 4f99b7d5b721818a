import { randomUUID } from 'node:crypto';
import {
  destinationData,
  destinationSaveError,
  flagOf,
  isFlagOn,
  type Destination,
  type DestinationCreateRequest,
  type DestinationSaveRequest,
} from '@tsunagu/contract';
import { Refusal, invalidInput } from '@tsunagu/contract/refusal';
import { requireCapability } from '../../platform/auth/auth-context';
import type { Db, Tx } from '../../platform/db/client';
import { commitChange, type Actor } from '../../platform/pbx/commit-change';
import type { ListCache } from '../../platform/pbx/list-cache';
import { findDomainName } from '../../platform/pbx/lookups.repository';
import type { TelephonyEngine } from '../../telephony/engine';
import {
  deleteDestination,
  destinationBefore,
  insertDestination,
  listDestinationRows,
  listDialplanChoices,
  updateDestination,
} from './destinations.repository';

export interface DestinationsServiceDeps {
  db: Db;
  engine: TelephonyEngine;
  lists: ListCache;
}

export function createDestinationsService(deps: DestinationsServiceDeps) {
  const { db } = deps;

  /** The stored columns for the edit fields, after the contract's rules. */
  async function columnsOf(tx: Tx, tenantUuid: string, input: DestinationSaveRequest) {
    const [domainName, dialplans] = await Promise.all([
      findDomainName(tx, tenantUuid),
      listDialplanChoices(tx, tenantUuid),
    ]);
    const error = destinationSaveError(
      input,
      dialplans.map((d) => d.dialplanNumber),
    );
    if (error) throw invalidInput(error);
    if (domainName === null) throw new Refusal('not-found', 'notFound');
    return {
      destinationCidNamePrefix: input.destinationCidNamePrefix?.trim() || null,
      destinationData: destinationData(input.destinationDataNum as string, domainName),
      destinationEnabled: isFlagOn(input.destinationEnabled),
    };
  }

  async function list(tenantUuid: string) {
    const [rows, tcDialplanList] = await Promise.all([
      listDestinationRows(db, tenantUuid),
      listDialplanChoices(db, tenantUuid),
    ]);
    const list: Destination[] = rows.map(({ destinationUuid, ...row }) => ({
      id: destinationUuid,
      ...row,
      destinationEnabled: flagOf(row.destinationEnabled),
    }));
    return { list, tcDialplanList };
  }

  return {
    /** GET's answer: the tenant's numbers and the schedules they can follow (data.list, data.tcDialplanList), cached. */
    answer: (tenantUuid: string) => deps.lists.answer(tenantUuid, 'destination', () => list(tenantUuid)),

    /** The edit dialog: display name, schedule and status. */
    async save(actor: Actor, tenantUuid: string, input: DestinationSaveRequest) {
      const change = { actor, tenantUuid, kind: 'destination', action: 'destination.save' } as const;
      await commitChange(deps, change, async (tx) => {
        const columns = await columnsOf(tx, tenantUuid, input);
        const fields = ['destinationNumber', ...Object.keys(columns)];
        const before = await destinationBefore(tx, tenantUuid, input.id, fields);
        if (!before || !(await updateDestination(tx, tenantUuid, input.id, columns)))
          throw new Refusal('not-found', 'notFound');
        const { destinationNumber, ...was } = before;
        return { target: input.id, label: String(destinationNumber), before: was, after: { ...columns } };
      });
      return list(tenantUuid);
    },

    /** Adds an incoming number to a tenant (provider only); a number belongs to one tenant at most. */
    async create(actor: Actor, tenantUuid: string, input: DestinationCreateRequest) {
      requireCapability(actor.auth, 'pbx.destination.create');
      const destinationUuid = randomUUID();
      const change = {
        actor,
        tenantUuid,
        kind: 'destination',
        action: 'destination.create',
        conflicts: { destinations_number_unique: 'destinationNumberTaken' },
      } as const;
      await commitChange(deps, change, async (tx) => {
        const columns = await columnsOf(tx, tenantUuid, { ...input, id: destinationUuid });
        await insertDestination(tx, tenantUuid, {
          ...columns,
          destinationUuid,
          destinationNumber: input.destinationNumber,
        });
        return {
          target: destinationUuid,
          label: input.destinationNumber,
          detail: { destinationNumber: input.destinationNumber, ...columns },
        };
      });
      return list(tenantUuid);
    },

    /** Removes an incoming number (provider only). */
    async remove(actor: Actor, tenantUuid: string, destinationUuid: string): Promise<void> {
      requireCapability(actor.auth, 'pbx.destination.delete');
      const change = { actor, tenantUuid, kind: 'destination', action: 'destination.delete' } as const;
      await commitChange(deps, change, async (tx) => {
        const number = await deleteDestination(tx, tenantUuid, destinationUuid);
        if (number === null) throw new Refusal('not-found', 'notFound');
        return { target: destinationUuid, label: number, detail: { destinationNumber: number } };
      });
    },
  };
}

export type DestinationsService = ReturnType<typeof createDestinationsService>;

import { randomUUID } from 'node:crypto';
import {
  ANTI_ORDER,
  actionOptionItems,
  flagOf,
  isAnti,
  isBlank,
  scheduleMessages,
  type Dialplan,
  type TimeCondition,
  type TryCallQuery,
} from '@tsunagu/contract';
import { Refusal, invalidInput } from '@tsunagu/contract/refusal';
import type { Db, Tx } from '../../platform/db/client';
import { timeConditionOf } from '../../platform/db/time-condition-rows';
import { commitChange, type Actor } from '../../platform/pbx/commit-change';
import { commitGuardedDelete } from '../../platform/pbx/delete-guard';
import {
  findDomainName,
  listCallTargets,
  listUsedNumbers,
  lockTenantNumbers,
} from '../../platform/pbx/lookups.repository';
import type { TelephonyEngine } from '../../telephony/engine';
import {
  deleteDialplan,
  insertDialplan,
  listConditionRows,
  listConditionUuids,
  listDialplanRows,
  listRecordingFiles,
  lockDialplan,
  replaceConditions,
  updateDialplan,
  type DialplanRow,
  type StoredCondition,
} from './schedules.repository';
import { tryCall } from './try-call';

export interface SchedulesServiceDeps {
  db: Db;
  engine: TelephonyEngine;
}

/**
 * A new schedule's number: the lowest from 2000 up that nothing of the tenant dials yet (extensions,
 * ring groups, IVR menus, other schedules). Incoming numbers route to it; it never changes afterwards.
 */
export const FIRST_SCHEDULE_NUMBER = 2000;

/** The lowest free schedule number. */
export function nextScheduleNumber(used: readonly string[]): string {
  const taken = new Set(used);
  let number = FIRST_SCHEDULE_NUMBER;
  while (taken.has(String(number))) number++;
  return String(number);
}

function toDialplan(row: DialplanRow, timeconditions: TimeCondition[]): Dialplan {
  const { createdAt: _created, updatedAt: _updated, ...fields } = row;
  return {
    ...fields,
    dialplanContinue: flagOf(row.dialplanContinue),
    dialplanEnabled: flagOf(row.dialplanEnabled),
    timeconditions,
  };
}

/** What the tenant's conditions may refer to: call targets by number, recordings by filename. */
export interface References {
  targets: ReadonlySet<string>;
  recordings: ReadonlyMap<string, string>;
}

/**
 * The first condition naming something the tenant does not have, as the message of that field. The
 * contract's rules check the form of each field; only the server knows what exists.
 */
export function referenceMessage(schedule: Dialplan, refs: References): string | null {
  for (const c of schedule.timeconditions) {
    if (c.timeConditionActionType === 'action' && !refs.targets.has(c.timeConditionAction)) {
      return scheduleMessages.action;
    }
    if (c.timeConditionActionType === 'announce' && !refs.recordings.has(c.timeConditionAnnounce)) {
      return scheduleMessages.announcement;
    }
    const absence = c.timeConditionVoiceMailAnnounce;
    if (!isBlank(absence) && !refs.recordings.has(absence)) return scheduleMessages.absenceAnnouncement;
  }
  return null;
}

/** The tenant's call targets and recordings, as the save checks and links conditions against them. */
export async function referencesOf(tx: Tx, tenantUuid: string): Promise<References> {
  const [targets, files] = await Promise.all([
    listCallTargets(tx, tenantUuid),
    listRecordingFiles(tx, tenantUuid),
  ]);
  return {
    targets: new Set(actionOptionItems(targets).map((item) => item.id)),
    recordings: new Map(files.map((f) => [f.filename, f.recordingUuid])),
  };
}

const fitsInt4 = (n: number) => n >= -2_147_483_648 && n <= 2_147_483_647;

/** Whether the numbers the rules leave open fit their integer columns (a bigger one is bad input, not a 500). */
function fitsColumns(schedule: Dialplan): boolean {
  return (
    fitsInt4(schedule.dialplanOrder) &&
    schedule.timeconditions.every((c) => fitsInt4(c.timeConditionVoiceMailId))
  );
}

/**
 * The conditions as stored: the default always at ANTI_ORDER (outside every range a user picks, so it
 * never collides with one), ids kept only for the schedule's own conditions, and the recording row
 * linked to an announcement.
 */
export function storedConditions(
  conditions: readonly TimeCondition[],
  ownUuids: ReadonlySet<string>,
  refs: References,
): StoredCondition[] {
  const kept = new Set<string>();
  const stored: StoredCondition[] = [];
  for (const c of conditions) {
    const own = c.timeConditionUuid && ownUuids.has(c.timeConditionUuid) && !kept.has(c.timeConditionUuid);
    const timeConditionUuid = own ? (c.timeConditionUuid as string) : randomUUID();
    kept.add(timeConditionUuid);
    stored.push({
      ...c,
      timeConditionUuid,
      timeConditionOrder: isAnti(c) ? ANTI_ORDER : c.timeConditionOrder,
      recordingUuid:
        c.timeConditionActionType === 'announce'
          ? (refs.recordings.get(c.timeConditionAnnounce) ?? null)
          : null,
    });
  }
  return stored;
}

/**
 * What the audit trail keeps of a schedule before and after a save: its fields and its conditions as
 * stored (ids left out: a condition is told by its name, priority and rule).
 */
function auditView(schedule: Dialplan): Record<string, unknown> {
  const withoutIds = (condition: TimeCondition) =>
    Object.fromEntries(Object.entries(condition).filter(([key]) => !key.endsWith('Uuid')));
  return {
    dialplanName: schedule.dialplanName,
    dialplanEnabled: schedule.dialplanEnabled,
    dialplanContinue: schedule.dialplanContinue,
    dialplanOrder: schedule.dialplanOrder,
    dialplanDescription: schedule.dialplanDescription,
    conditions: schedule.timeconditions.map(withoutIds),
  };
}

export function createSchedulesService(deps: SchedulesServiceDeps) {
  const { db } = deps;

  /** The tenant's schedules by name, each with its conditions by priority. */
  async function list(tenantUuid: string): Promise<Dialplan[]> {
    const [rows, conditions] = await Promise.all([
      listDialplanRows(db, tenantUuid),
      listConditionRows(db, tenantUuid),
    ]);
    const byDialplan = new Map<string, TimeCondition[]>();
    for (const row of conditions) {
      const known = byDialplan.get(row.dialplanUuid);
      if (known) known.push(timeConditionOf(row));
      else byDialplan.set(row.dialplanUuid, [timeConditionOf(row)]);
    }
    return rows.map((row) => toDialplan(row, byDialplan.get(row.dialplanUuid) ?? []));
  }

  /** One schedule as stored, read within the save's transaction (for the audit trail's before and after). */
  async function storedView(tx: Tx, tenantUuid: string, dialplanUuid: string) {
    const [rows, conditions] = await Promise.all([
      listDialplanRows(tx, tenantUuid),
      listConditionRows(tx, tenantUuid),
    ]);
    const row = rows.find((r) => r.dialplanUuid === dialplanUuid);
    if (!row) return null;
    const own = conditions.filter((c) => c.dialplanUuid === dialplanUuid).map(timeConditionOf);
    return auditView(toDialplan(row, own));
  }

  return {
    list,

    /** 「この番号に今かけたら?」 for one of the tenant's incoming numbers or schedules. */
    tryCall: (tenantUuid: string, query: TryCallQuery) => tryCall(db, tenantUuid, query),

    /**
     * Stores a whole schedule (already checked against the contract's rules): creates it when it has no
     * dialplanUuid, else updates it; its conditions are replaced. One transaction: a failure changes nothing.
     */
    async save(
      actor: Actor,
      tenantUuid: string,
      schedule: Dialplan,
    ): Promise<{ dialplanUuid: string; list: Dialplan[] }> {
      if (!fitsColumns(schedule)) throw new Refusal('invalid', 'inputInvalid');
      const dialplanUuid = schedule.dialplanUuid ?? randomUUID();
      const change = { actor, tenantUuid, kind: 'schedule', action: 'schedule.save' } as const;
      await commitChange(deps, change, async (tx) => {
        // An existing schedule is locked first: a concurrent save of it waits, and another tenant's is a 404.
        const existing = schedule.dialplanUuid ? await lockDialplan(tx, tenantUuid, dialplanUuid) : null;
        if (schedule.dialplanUuid && !existing) throw new Refusal('not-found', 'notFound');
        const before = existing ? await storedView(tx, tenantUuid, dialplanUuid) : undefined;
        const [domainName, refs] = await Promise.all([
          findDomainName(tx, tenantUuid),
          referencesOf(tx, tenantUuid),
        ]);
        if (domainName === null) throw new Refusal('not-found', 'notFound');
        const referenceError = referenceMessage(schedule, refs);
        if (referenceError) throw invalidInput(referenceError);
        const fields = {
          appUuid: schedule.appUuid,
          dialplanContext: domainName,
          dialplanName: schedule.dialplanName.trim(),
          dialplanContinue: schedule.dialplanContinue,
          dialplanOrder: schedule.dialplanOrder,
          dialplanEnabled: schedule.dialplanEnabled,
          dialplanDescription: schedule.dialplanDescription,
        };
        let dialplanNumber: string;
        if (existing) {
          dialplanNumber = existing.number;
          await updateDialplan(tx, tenantUuid, dialplanUuid, fields);
        } else {
          await lockTenantNumbers(tx, tenantUuid);
          dialplanNumber = nextScheduleNumber(await listUsedNumbers(tx, tenantUuid));
          await insertDialplan(tx, tenantUuid, { dialplanUuid, dialplanNumber }, fields);
        }
        const own = new Set(await listConditionUuids(tx, tenantUuid, dialplanUuid));
        const conditions = storedConditions(schedule.timeconditions, own, refs);
        await replaceConditions(tx, tenantUuid, dialplanUuid, conditions);
        return {
          target: dialplanUuid,
          label: `${dialplanNumber} ${fields.dialplanName}`,
          ...(before !== undefined && { before }),
          after: await storedView(tx, tenantUuid, dialplanUuid),
          detail: {
            dialplanName: fields.dialplanName,
            dialplanNumber,
            conditions: conditions.map((c) => `${c.timeConditionOrder} ${c.timeConditionName}`),
          },
        };
      });
      return { dialplanUuid, list: await list(tenantUuid) };
    },

    /**
     * Deletes one of the tenant's schedules with its conditions. Refused (409 「使用中: 着信番号 …」) while an
     * incoming number routes to it, unless `removeReferences`: then those numbers lose their schedule.
     */
    async remove(
      actor: Actor,
      tenantUuid: string,
      dialplanUuid: string,
      removeReferences = false,
    ): Promise<void> {
      const change = { actor, tenantUuid, kind: 'schedule', action: 'schedule.delete' } as const;
      await commitGuardedDelete(deps, change, dialplanUuid, removeReferences, {
        find: (tx) => lockDialplan(tx, tenantUuid, dialplanUuid),
        remove: async (tx, dialplan) => {
          await deleteDialplan(tx, tenantUuid, dialplanUuid);
          return { dialplanName: dialplan.name, dialplanNumber: dialplan.number };
        },
      });
    },
  };
}

export type SchedulesService = ReturnType<typeof createSchedulesService>;

import { isFlagOn, type Dialplan, type TimeCondition } from '@tsunagu/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Conn } from '../../platform/db/client';
import { dialplans, recordings, timeConditions } from '../../platform/db/schema';
import { timeConditionColumns } from '../../platform/db/time-condition-rows';

/** The tenant's schedules by name (code-point order, locale-independent, as the destination screen lists them). */
export function listDialplanRows(conn: Conn, tenantUuid: string) {
  return conn
    .select()
    .from(dialplans)
    .where(eq(dialplans.domainUuid, tenantUuid))
    .orderBy(sql`${dialplans.dialplanName} COLLATE "C"`, asc(dialplans.dialplanNumber));
}

export type DialplanRow = Awaited<ReturnType<typeof listDialplanRows>>[number];

/** Every condition of the tenant's schedules, lowest priority first. */
export function listConditionRows(conn: Conn, tenantUuid: string) {
  return conn
    .select()
    .from(timeConditions)
    .where(eq(timeConditions.domainUuid, tenantUuid))
    .orderBy(asc(timeConditions.timeConditionOrder));
}

/** The schedule's columns besides its ids and number. */
export type DialplanFields = Pick<
  Dialplan,
  | 'appUuid'
  | 'dialplanContext'
  | 'dialplanName'
  | 'dialplanContinue'
  | 'dialplanOrder'
  | 'dialplanEnabled'
  | 'dialplanDescription'
>;

function dialplanColumns(fields: DialplanFields) {
  return {
    ...fields,
    appUuid: fields.appUuid ?? null,
    dialplanContinue: isFlagOn(fields.dialplanContinue),
    dialplanEnabled: isFlagOn(fields.dialplanEnabled),
  };
}

export async function insertDialplan(
  conn: Conn,
  tenantUuid: string,
  ids: { dialplanUuid: string; dialplanNumber: string },
  fields: DialplanFields,
): Promise<void> {
  await conn.insert(dialplans).values({ ...dialplanColumns(fields), ...ids, domainUuid: tenantUuid });
}

/** Updates one of the tenant's schedules (its number never changes: incoming numbers route to it). */
export async function updateDialplan(
  conn: Conn,
  tenantUuid: string,
  dialplanUuid: string,
  fields: DialplanFields,
): Promise<void> {
  await conn
    .update(dialplans)
    .set({ ...dialplanColumns(fields), updatedAt: new Date() })
    .where(and(eq(dialplans.domainUuid, tenantUuid), eq(dialplans.dialplanUuid, dialplanUuid)));
}

/** The ids of the conditions one of the tenant's schedules holds now. */
export async function listConditionUuids(
  conn: Conn,
  tenantUuid: string,
  dialplanUuid: string,
): Promise<string[]> {
  const rows = await conn
    .select({ uuid: timeConditions.timeConditionUuid })
    .from(timeConditions)
    .where(and(eq(timeConditions.domainUuid, tenantUuid), eq(timeConditions.dialplanUuid, dialplanUuid)));
  return rows.map((r) => r.uuid);
}

/** A condition as it is stored: with the id it keeps or gets. */
export type StoredCondition = TimeCondition & { timeConditionUuid: string };

/** Sets the conditions of one of the tenant's schedules (the caller has checked the schedule is the tenant's). */
export async function replaceConditions(
  conn: Conn,
  tenantUuid: string,
  dialplanUuid: string,
  conditions: readonly StoredCondition[],
): Promise<void> {
  await conn
    .delete(timeConditions)
    .where(and(eq(timeConditions.domainUuid, tenantUuid), eq(timeConditions.dialplanUuid, dialplanUuid)));
  if (conditions.length === 0) return;
  await conn
    .insert(timeConditions)
    .values(conditions.map((c) => timeConditionColumns(c, { dialplanUuid, domainUuid: tenantUuid })));
}

/** The tenant's recordings: what announcements may name, and the row each filename links to. */
export function listRecordingFiles(conn: Conn, tenantUuid: string) {
  return conn
    .select({ recordingUuid: recordings.recordingUuid, filename: recordings.recordingFilename })
    .from(recordings)
    .where(eq(recordings.domainUuid, tenantUuid));
}

/** One of the tenant's schedules, locked until the transaction ends; null when the tenant has no such schedule. */
export async function lockDialplan(conn: Conn, tenantUuid: string, dialplanUuid: string) {
  const [row] = await conn
    .select({ name: dialplans.dialplanName, number: dialplans.dialplanNumber })
    .from(dialplans)
    .where(and(eq(dialplans.domainUuid, tenantUuid), eq(dialplans.dialplanUuid, dialplanUuid)))
    .for('update');
  return row ?? null;
}

/** Deletes one of the tenant's schedules; its conditions go with it (the foreign key cascades). */
export async function deleteDialplan(conn: Conn, tenantUuid: string, dialplanUuid: string): Promise<void> {
  await conn
    .delete(dialplans)
    .where(and(eq(dialplans.domainUuid, tenantUuid), eq(dialplans.dialplanUuid, dialplanUuid)));
}

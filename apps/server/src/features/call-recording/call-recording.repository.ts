/** SQL of call recording: the tenant's setting and the recordings' rows. The tenant id comes first. */
import { CALL_RECORDING_RETENTION, type CallRecordingSetting } from '@tsunagu/contract';
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Conn } from '../../platform/db/client';
import {
  callRecordingSettings,
  callRecordings,
  cdrs,
  domains,
  extensions,
  users,
} from '../../platform/db/schema';

/** The tenant's setting; a tenant that never saved one records nothing. */
export async function findSetting(
  conn: Conn,
  tenantUuid: string,
  lock = false,
): Promise<CallRecordingSetting> {
  const query = conn
    .select({ mode: callRecordingSettings.mode, retentionDays: callRecordingSettings.retentionDays })
    .from(callRecordingSettings)
    .where(eq(callRecordingSettings.domainUuid, tenantUuid));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? { mode: 'off', retentionDays: CALL_RECORDING_RETENTION.default };
}

export async function saveSetting(
  conn: Conn,
  tenantUuid: string,
  setting: CallRecordingSetting,
): Promise<void> {
  await conn
    .insert(callRecordingSettings)
    .values({ domainUuid: tenantUuid, ...setting })
    .onConflictDoUpdate({
      target: callRecordingSettings.domainUuid,
      set: { mode: sql`excluded.mode`, retentionDays: sql`excluded.retention_days` },
    });
}

/** The tenant's name as its engine knows it, or null. */
export async function domainNameOf(conn: Conn, tenantUuid: string): Promise<string | null> {
  const [row] = await conn
    .select({ name: domains.domainName })
    .from(domains)
    .where(eq(domains.domainUuid, tenantUuid));
  return row?.name ?? null;
}

/** The tenant called `domainName`, or null. */
export async function tenantOfDomain(conn: Conn, domainName: string): Promise<string | null> {
  const [row] = await conn
    .select({ uuid: domains.domainUuid })
    .from(domains)
    .where(eq(domains.domainName, domainName));
  return row?.uuid ?? null;
}

/** The user's own extension (number and id) in the tenant, or null. */
export async function ownExtension(conn: Conn, tenantUuid: string, userUuid: string) {
  const [row] = await conn
    .select({ extension: extensions.extension, extensionUuid: extensions.extensionUuid })
    .from(users)
    .innerJoin(extensions, eq(extensions.extensionUuid, users.extensionUuid))
    .where(and(eq(users.userUuid, userUuid), eq(users.domainUuid, tenantUuid)));
  return row ?? null;
}

export type CallRecordingRow = typeof callRecordings.$inferSelect;

export async function insertRecording(conn: Conn, row: typeof callRecordings.$inferInsert): Promise<void> {
  await conn.insert(callRecordings).values(row).onConflictDoNothing();
}

/** The recording running on a channel (ended_at not yet set), or null. */
export async function runningOnChannel(conn: Conn, tenantUuid: string, channelUuid: string) {
  const [row] = await conn
    .select()
    .from(callRecordings)
    .where(
      and(
        eq(callRecordings.domainUuid, tenantUuid),
        eq(callRecordings.channelUuid, channelUuid),
        isNull(callRecordings.endedAt),
      ),
    )
    .orderBy(asc(callRecordings.startedAt));
  return row ?? null;
}

export async function findRecording(conn: Conn, tenantUuid: string, recordingUuid: string) {
  const [row] = await conn
    .select()
    .from(callRecordings)
    .where(and(eq(callRecordings.domainUuid, tenantUuid), eq(callRecordings.recordingUuid, recordingUuid)));
  return row ?? null;
}

/** Its end, size and length, once its file is complete. */
export async function finishRecording(
  conn: Conn,
  tenantUuid: string,
  recordingUuid: string,
  done: { endedAt: Date; bytes: number; seconds: number },
): Promise<void> {
  await conn
    .update(callRecordings)
    .set(done)
    .where(and(eq(callRecordings.domainUuid, tenantUuid), eq(callRecordings.recordingUuid, recordingUuid)));
}

export async function deleteRecording(conn: Conn, tenantUuid: string, recordingUuid: string): Promise<void> {
  await conn
    .delete(callRecordings)
    .where(and(eq(callRecordings.domainUuid, tenantUuid), eq(callRecordings.recordingUuid, recordingUuid)));
}

/** Whether one of the extension's legs belongs to the call (its user was on it). */
export async function extensionWasOnCall(
  conn: Conn,
  tenantUuid: string,
  extensionUuid: string,
  callId: string,
): Promise<boolean> {
  const [row] = await conn
    .select({ one: sql<number>`1` })
    .from(cdrs)
    .where(
      and(
        eq(cdrs.domainUuid, tenantUuid),
        eq(cdrs.extensionUuid, extensionUuid),
        sql`coalesce(${cdrs.callId}, ${cdrs.callUuid}) = ${callId}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Recordings past their tenant's retention at `now` (a tenant without a setting keeps them the default
 * days), oldest first, at most `limit`.
 */
export async function expiredRecordings(conn: Conn, now: Date, limit: number) {
  return conn
    .select({ recordingUuid: callRecordings.recordingUuid, domainUuid: callRecordings.domainUuid })
    .from(callRecordings)
    .leftJoin(callRecordingSettings, eq(callRecordingSettings.domainUuid, callRecordings.domainUuid))
    .where(
      lt(
        callRecordings.startedAt,
        sql`${now.toISOString()}::timestamptz - make_interval(days => coalesce(${callRecordingSettings.retentionDays}, ${CALL_RECORDING_RETENTION.default}))`,
      ),
    )
    .orderBy(asc(callRecordings.startedAt))
    .limit(limit);
}

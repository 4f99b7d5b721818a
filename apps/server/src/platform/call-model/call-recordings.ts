/** The recordings kept on calls, as both call histories attach them to their rows (by the engine's call id). */
import type { CallRecordingRef } from '@tsunagu/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Conn } from '../db/client';
import { callRecordings } from '../db/schema';

/** The tenant's recordings of the given calls, oldest first, by call id (calls without any are absent). */
export async function recordingsOfCalls(
  conn: Conn,
  tenantUuid: string,
  callIds: readonly string[],
): Promise<Map<string, CallRecordingRef[]>> {
  const byCall = new Map<string, CallRecordingRef[]>();
  const ids = [...new Set(callIds)];
  if (ids.length === 0) return byCall;
  const rows = await conn
    .select()
    .from(callRecordings)
    .where(and(eq(callRecordings.domainUuid, tenantUuid), inArray(callRecordings.callId, ids)))
    .orderBy(asc(callRecordings.startedAt), asc(callRecordings.recordingUuid));
  for (const row of rows) {
    const list = byCall.get(row.callId) ?? [];
    list.push({
      recordingUuid: row.recordingUuid,
      startedAt: row.startedAt.toISOString(),
      seconds: row.seconds,
      bytes: row.bytes,
    });
    byCall.set(row.callId, list);
  }
  return byCall;
}

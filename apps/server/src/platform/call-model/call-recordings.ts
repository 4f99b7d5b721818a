/** The recordings kept on calls, as both call histories attach them to their rows (by the engine's call id). */
import type { CallRecordingRef } from '@tsunagu/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Conn } from '../db/client';
import { preparedOn } from '../db/prepared';
import { callRecordings } from '../db/schema';

/** Read for every page of either call history: prepared, the call ids one array parameter. */
const ofCalls = preparedOn((conn) =>
  conn
    .select()
    .from(callRecordings)
    .where(
      and(
        eq(callRecordings.domainUuid, sql.placeholder('tenant')),
        sql`${callRecordings.callId} = ANY(${sql.placeholder('callIds')}::text[])`,
      ),
    )
    .orderBy(asc(callRecordings.startedAt), asc(callRecordings.recordingUuid))
    .prepare('call_recordings_of_calls'),
);

/** The tenant's recordings of the given calls, oldest first, by call id (calls without any are absent). */
export async function recordingsOfCalls(
  conn: Conn,
  tenantUuid: string,
  callIds: readonly string[],
): Promise<Map<string, CallRecordingRef[]>> {
  const byCall = new Map<string, CallRecordingRef[]>();
  const ids = [...new Set(callIds)];
  if (ids.length === 0) return byCall;
  const rows = await ofCalls(conn).execute({ tenant: tenantUuid, callIds: ids });
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

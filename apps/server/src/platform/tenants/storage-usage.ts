import { DEFAULT_RECORDING } from '@tsunagu/contract';
import { sql } from 'drizzle-orm';
import type { Conn } from '../db/client';
import { rowsOf } from '../db/migrate';

/**
 * What counts against a tenant's storage quota (`domains.recording_quota_bytes`): its own uploaded audio
 * files (built-in recordings are ours, not theirs), its call recordings, and its users' voicemail messages
 * and greetings, which lie in the same storage.
 */
const usedBytes = (tenantUuid: string) => sql`
  SELECT (
    (SELECT coalesce(sum(size_bytes), 0) FROM recordings
      WHERE domain_uuid = ${tenantUuid} AND recording_description IS DISTINCT FROM ${DEFAULT_RECORDING})
    + (SELECT coalesce(sum(bytes), 0) FROM call_recordings WHERE domain_uuid = ${tenantUuid})
    + (SELECT coalesce(sum(size_bytes), 0) FROM voicemail_messages WHERE domain_uuid = ${tenantUuid})
    + (SELECT coalesce(sum(greeting_size_bytes), 0) FROM voicemail_boxes WHERE domain_uuid = ${tenantUuid})
  )::float8 AS used`;

/**
 * The tenant's storage usage and quota, or null for no such tenant. With `lock`, the tenant's row is
 * locked until the transaction ends: concurrent uploads and recordings of one tenant are checked one
 * after the other, each seeing the files the previous one added (the sum is read after the lock).
 */
export async function storageUsage(conn: Conn, tenantUuid: string, lock: 'lock' | 'read' = 'read') {
  const quota = await conn.execute<{ quota: number }>(sql`
    SELECT recording_quota_bytes::float8 AS quota FROM domains WHERE domain_uuid = ${tenantUuid}
    ${lock === 'lock' ? sql`FOR UPDATE` : sql``}`);
  const [row] = rowsOf<{ quota: number }>(quota);
  if (!row) return null;
  const [sum] = rowsOf<{ used: number }>(await conn.execute<{ used: number }>(usedBytes(tenantUuid)));
  return { usedBytes: Number(sum?.used ?? 0), quotaBytes: Number(row.quota) };
}

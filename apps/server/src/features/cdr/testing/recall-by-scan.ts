import { sql } from 'drizzle-orm';
import type { Conn } from '../../../platform/db/client';
import { rowsOf } from '../../../platform/db/migrate';

/**
 * The recall count as it was computed before the counters (migration 0008) existed: a scan of the
 * tenant's calls. The reference meaning for the counters' test, and the "before" of the bench.
 */
export async function recallCountByScan(conn: Conn, tenantUuid: string): Promise<number> {
  const result = await conn.execute(sql`
    SELECT count(DISTINCT c.caller_id_number)::int AS n FROM cdrs c
    WHERE c.domain_uuid = ${tenantUuid} AND c.direction = 'inbound' AND c.billsec = 0
      AND length(c.caller_id_number) > 4 AND c.caller_id_number <> 'Anonymous'
      AND NOT EXISTS (
        SELECT 1 FROM cdrs l WHERE l.domain_uuid = c.domain_uuid AND l.start_stamp > c.start_stamp
          AND ((l.direction = 'outbound' AND l.destination_number = c.caller_id_number)
            OR (l.direction = 'inbound' AND l.billsec > 0 AND l.caller_id_number = c.caller_id_number)))`);
  return rowsOf<{ n: number }>(result)[0]!.n;
}

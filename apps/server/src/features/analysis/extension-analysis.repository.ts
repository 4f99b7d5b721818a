import { MISSED_RESULTS } from '@tsunagu/contract';
import { sql } from 'drizzle-orm';
import type { Conn } from '../../platform/db/client';
import { rowsOf } from '../../platform/db/migrate';

export interface ExtensionScope {
  tenantUuid: string;
  timeZone: string;
  /** [from, to) instants of the period's local days. */
  from: string;
  to: string;
}

export interface HandledRow {
  userUuid: string;
  hour: number;
  inbound: number;
  outbound: number;
  internal: number;
  talkSeconds: number;
  connected: number;
}

const inScope = (s: ExtensionScope) =>
  sql`c.domain_uuid = ${s.tenantUuid} AND c.start_stamp >= ${s.from}::timestamptz AND c.start_stamp < ${s.to}::timestamptz`;

/**
 * The calls each user handled (answered incoming, placed outgoing and internal) per local hour, from the
 * call model: one row per call, so a ring group's legs never count twice.
 */
export async function handledByUserHour(conn: Conn, scope: ExtensionScope): Promise<HandledRow[]> {
  const rows = rowsOf<Record<string, string | number>>(
    await conn.execute(sql`
      SELECT c.agent_user_uuid AS "userUuid",
             extract(hour FROM (c.start_stamp AT TIME ZONE ${scope.timeZone}))::int AS hour,
             count(*) FILTER (WHERE c.kind = 'inbound' AND c.result = 'answered') AS inbound,
             count(*) FILTER (WHERE c.kind = 'outbound') AS outbound,
             count(*) FILTER (WHERE c.kind = 'internal') AS internal,
             coalesce(sum(c.talk_seconds) FILTER (WHERE c.result = 'answered'), 0) AS "talkSeconds",
             count(*) FILTER (WHERE c.result = 'answered') AS connected
        FROM calls c
       WHERE ${inScope(scope)} AND c.agent_user_uuid IS NOT NULL
         AND (c.kind <> 'inbound' OR c.result = 'answered')
       GROUP BY 1, 2`),
  );
  return rows.map((r) => ({
    userUuid: String(r.userUuid),
    hour: Number(r.hour),
    inbound: Number(r.inbound),
    outbound: Number(r.outbound),
    internal: Number(r.internal),
    talkSeconds: Number(r.talkSeconds),
    connected: Number(r.connected),
  }));
}

/**
 * Per user, the incoming calls that rang their extension (a leg of the call on it) and that nobody
 * answered, as the call model defines "missed". A call that rang the same phone twice counts once.
 */
export async function missedByUser(conn: Conn, scope: ExtensionScope): Promise<Map<string, number>> {
  const rows = rowsOf<{ userUuid: string; missed: string | number }>(
    await conn.execute(sql`
      SELECT u.user_uuid AS "userUuid", count(DISTINCT c.call_uuid) AS missed
        FROM calls c
        JOIN cdrs l ON l.domain_uuid = c.domain_uuid AND l.call_id = c.call_id
        JOIN users u ON u.domain_uuid = c.domain_uuid AND u.extension_uuid = l.extension_uuid
       WHERE ${inScope(scope)} AND c.kind = 'inbound'
         AND c.result IN (${sql.join(
           MISSED_RESULTS.map((r) => sql`${r}`),
           sql`, `,
         )})
       GROUP BY 1`),
  );
  return new Map(rows.map((r) => [r.userUuid, Number(r.missed)]));
}

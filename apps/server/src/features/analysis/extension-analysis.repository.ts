import { MISSED_RESULTS } from '@tsunagu/contract';
import { sql } from 'drizzle-orm';
import type { Conn } from '../../platform/db/client';
import { rowsOf } from '../../platform/db/migrate';
import { handledOnDays, missedOnDays } from './extension-days.repository';
import { noCalls, type UserCalls } from './user-calls';
import { splitAtUtcDays } from './utc-days';

export interface ExtensionScope {
  tenantUuid: string;
  timeZone: string;
  /** [from, to) instants of the period's local days. */
  from: string;
  to: string;
}

/** Where the figures come from: the day roll-ups for whole UTC days (the rest from the calls), or all from the calls. */
export type ExtensionSource = 'days' | 'calls';

const inScope = (s: ExtensionScope) =>
  sql`c.domain_uuid = ${s.tenantUuid} AND c.start_stamp >= ${s.from}::timestamptz AND c.start_stamp < ${s.to}::timestamptz`;

/** The scope in pieces: whole UTC days for the roll-ups (null: none) and the rest for the calls. */
function pieces(scope: ExtensionScope, source: ExtensionSource) {
  const split = source === 'days' ? splitAtUtcDays(scope.timeZone, scope) : null;
  if (!split) return { days: null, shift: 0, edges: [scope] };
  return { days: split.days, shift: split.shift, edges: split.edges.map((e) => ({ ...scope, ...e })) };
}

/**
 * Per user, the calls they handled over the scope, from the call model: one row per call, so a ring
 * group's legs never count twice.
 */
export async function handledByUser(
  conn: Conn,
  scope: ExtensionScope,
  source: ExtensionSource = 'days',
): Promise<Map<string, UserCalls>> {
  const { days, shift, edges } = pieces(scope, source);
  const byUser = days
    ? await handledOnDays(conn, scope.tenantUuid, days, shift)
    : new Map<string, UserCalls>();
  for (const edge of edges) {
    for (const r of await handledByUserHourFromCalls(conn, edge)) {
      let f = byUser.get(r.userUuid);
      if (!f) byUser.set(r.userUuid, (f = noCalls()));
      f.inbound += r.inbound;
      f.outbound += r.outbound;
      f.internal += r.internal;
      f.talkSeconds += r.talkSeconds;
      f.connected += r.connected;
      f.byHour[r.hour]! += r.inbound + r.outbound + r.internal;
    }
  }
  return byUser;
}

/**
 * Per user, the incoming calls that rang their extension (a leg of the call on it) and that nobody
 * answered, as the call model defines "missed". A call that rang the same phone twice counts once.
 */
export async function missedByUser(
  conn: Conn,
  scope: ExtensionScope,
  source: ExtensionSource = 'days',
): Promise<Map<string, number>> {
  const { days, edges } = pieces(scope, source);
  const byUser = days ? await missedOnDays(conn, scope.tenantUuid, days) : new Map<string, number>();
  for (const edge of edges)
    for (const [userUuid, missed] of await missedByUserFromCalls(conn, edge))
      byUser.set(userUuid, (byUser.get(userUuid) ?? 0) + missed);
  return byUser;
}

async function handledByUserHourFromCalls(conn: Conn, scope: ExtensionScope) {
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

async function missedByUserFromCalls(conn: Conn, scope: ExtensionScope): Promise<Map<string, number>> {
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

import { sql } from 'drizzle-orm';
import type { Conn } from '../../platform/db/client';
import { rowsOf } from '../../platform/db/migrate';
import { noCalls, type UserCalls } from './user-calls';

const HOURS = Array.from({ length: 24 }, (_, h) => `h${String(h).padStart(2, '0')}`);

/**
 * Per user, the calls they handled on whole UTC days [from, to) from the roll-up (migration 0037),
 * each UTC hour moved to its local hour by `shift`.
 */
export async function handledOnDays(
  conn: Conn,
  tenantUuid: string,
  days: { from: string; to: string },
  shift: number,
): Promise<Map<string, UserCalls>> {
  const rows = rowsOf<Record<string, string | number>>(
    await conn.execute(sql`
      SELECT user_uuid AS "userUuid", sum(inbound) AS inbound, sum(outbound) AS outbound,
             sum(internal) AS internal, sum(talk_seconds) AS "talkSeconds", sum(connected) AS connected,
             ${sql.raw(HOURS.map((h) => `sum(${h}) AS ${h}`).join(', '))}
        FROM user_call_days
       WHERE domain_uuid = ${tenantUuid} AND day >= ${days.from}::date AND day < ${days.to}::date
       GROUP BY 1`),
  );
  const byUser = new Map<string, UserCalls>();
  for (const r of rows) {
    const calls = noCalls();
    calls.inbound = Number(r.inbound);
    calls.outbound = Number(r.outbound);
    calls.internal = Number(r.internal);
    calls.talkSeconds = Number(r.talkSeconds);
    calls.connected = Number(r.connected);
    HOURS.forEach((h, utcHour) => (calls.byHour[(utcHour + shift) % 24]! += Number(r[h])));
    byUser.set(String(r.userUuid), calls);
  }
  return byUser;
}

/** Per user, the missed calls that rang their extension on whole UTC days [from, to), from the roll-up. */
export async function missedOnDays(
  conn: Conn,
  tenantUuid: string,
  days: { from: string; to: string },
): Promise<Map<string, number>> {
  const rows = rowsOf<{ userUuid: string; missed: string | number }>(
    await conn.execute(sql`
      SELECT u.user_uuid AS "userUuid", sum(m.missed) AS missed
        FROM extension_missed_days m
        JOIN users u ON u.domain_uuid = m.domain_uuid AND u.extension_uuid = m.extension_uuid
       WHERE m.domain_uuid = ${tenantUuid} AND m.day >= ${days.from}::date AND m.day < ${days.to}::date
       GROUP BY 1`),
  );
  return new Map(rows.map((r) => [r.userUuid, Number(r.missed)]));
}

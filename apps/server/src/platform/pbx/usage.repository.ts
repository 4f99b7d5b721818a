import { LUA_PREFIX, type UsageKind, type UsageRef, type UsageRefKind } from '@tsunagu/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { ConfigKind } from './config-kind';
import type { Conn } from '../db/client';
import { rowsOf } from '../db/migrate';

/**
 * Every reference from one PBX object to another, found and removed in one place. Objects refer to each
 * other by number (extensions, ring groups and IVR menus share one number space), by a dialplan string
 * ('transfer 300 XML example.com', 'lua nit_ivr_record.lua 1000', '5000 XML example.com') or by a recording
 * filename; none of these are foreign keys, so a delete must look here first.
 */

/** The object a usage query names, resolved to what others store about it. */
export interface UsageTarget {
  kind: UsageKind;
  id: string;
  /** Its number (extension, ring group, IVR, schedule, incoming number, speed dial). */
  number: string;
  /** Its filename (recordings). */
  filename: string | null;
}

const LOOKUPS: Record<UsageKind, (tenantUuid: string, id: string) => SQL> = {
  extension: (t, id) =>
    sql`SELECT extension AS number FROM extensions WHERE domain_uuid = ${t} AND extension_uuid = ${id}`,
  ringGroup: (t, id) =>
    sql`SELECT ring_group_extension AS number FROM ring_groups WHERE domain_uuid = ${t} AND ring_group_uuid = ${id}`,
  ivr: (t, id) =>
    sql`SELECT ivr_menu_extension AS number FROM ivr_menus WHERE domain_uuid = ${t} AND ivr_menu_uuid = ${id}`,
  destination: (t, id) =>
    sql`SELECT destination_number AS number FROM destinations WHERE domain_uuid = ${t} AND destination_uuid = ${id}`,
  speedDial: (t, id) =>
    sql`SELECT speed_number AS number FROM speed_dials WHERE domain_uuid = ${t} AND speed_dial_uuid = ${id}`,
  schedule: (t, id) =>
    sql`SELECT dialplan_number AS number FROM dialplans WHERE domain_uuid = ${t} AND dialplan_uuid = ${id}`,
  recording: (t, id) =>
    sql`SELECT recording_filename AS number, recording_filename AS filename FROM recordings
         WHERE domain_uuid = ${t} AND recording_uuid = ${id}`,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The tenant's object of that kind and id, or null (another tenant's object is null too). */
export async function findUsageTarget(
  conn: Conn,
  tenantUuid: string,
  kind: UsageKind,
  id: string,
): Promise<UsageTarget | null> {
  if (!UUID.test(id)) return null;
  const rows = rowsOf<{ number: string; filename?: string }>(
    await conn.execute(LOOKUPS[kind](tenantUuid, id)),
  );
  const row = rows[0];
  return row ? { kind, id, number: row.number, filename: row.filename ?? null } : null;
}

/** Kinds whose number other objects dial. */
const DIALLED: ReadonlySet<UsageKind> = new Set(['extension', 'ringGroup', 'ivr']);

type Row = UsageRef & { order: number };

/** Every reference to the target, in a stable order (by referring object, then detail). */
export async function findUsages(conn: Conn, tenantUuid: string, target: UsageTarget): Promise<UsageRef[]> {
  const parts = queriesFor(tenantUuid, target);
  if (parts.length === 0) return [];
  const result = await conn.execute(sql`
    SELECT kind, owner, detail, ord AS "order" FROM (${sql.join(parts, sql` UNION ALL `)}) refs
     ORDER BY ord, length(owner), owner, detail`);
  return rowsOf<Row>(result).map(({ kind, owner, detail }) => ({ kind, owner, detail }));
}

function queriesFor(t: string, target: UsageTarget): SQL[] {
  const n = target.number;
  const parts: SQL[] = [];
  if (DIALLED.has(target.kind)) {
    if (target.kind === 'extension') {
      parts.push(sql`SELECT 'ringGroupMember' AS kind, g.ring_group_extension AS owner, NULL::text AS detail, 1 AS ord
        FROM ring_group_destinations d JOIN ring_groups g USING (ring_group_uuid)
       WHERE d.domain_uuid = ${t} AND d.destination_number = ${n}`);
      parts.push(sql`SELECT 'user' AS kind, username AS owner, NULL::text AS detail, 8 AS ord FROM users
       WHERE domain_uuid = ${t} AND extension_uuid = ${target.id}`);
    }
    parts.push(sql`SELECT 'ringGroupTimeout' AS kind, ring_group_extension AS owner, NULL::text AS detail, 2 AS ord FROM ring_groups
       WHERE domain_uuid = ${t} AND ring_group_timeout_app = 'transfer'
         AND split_part(ring_group_timeout_data, ' ', 1) = ${n}`);
    parts.push(sql`SELECT 'ivrOption' AS kind, m.ivr_menu_extension AS owner, o.ivr_menu_option_digits AS detail, 3 AS ord
        FROM ivr_menu_options o JOIN ivr_menus m USING (ivr_menu_uuid)
       WHERE o.domain_uuid = ${t} AND ${ivrOptionTargets(n)}`);
    parts.push(sql`SELECT 'scheduleAction' AS kind, p.dialplan_name AS owner, c.time_condition_name AS detail, 5 AS ord
        FROM time_conditions c JOIN dialplans p USING (dialplan_uuid)
       WHERE c.domain_uuid = ${t} AND ${conditionTargets(n)}`);
    parts.push(sql`SELECT 'speedDial' AS kind, speed_number AS owner, NULL::text AS detail, 7 AS ord FROM speed_dials
       WHERE domain_uuid = ${t} AND phone_number = ${n}`);
    parts.push(sql`SELECT 'extensionForward' AS kind, extension AS owner, NULL::text AS detail, 9 AS ord FROM extensions
       WHERE domain_uuid = ${t} AND forward_all_destination = ${n}`);
  }
  if (target.kind === 'schedule') {
    parts.push(sql`SELECT 'destination' AS kind, destination_number AS owner, NULL::text AS detail, 6 AS ord
        FROM destinations WHERE domain_uuid = ${t} AND split_part(destination_data, ' ', 1) = ${n}`);
  }
  if (target.kind === 'recording') {
    const f = target.filename ?? '';
    parts.push(sql`SELECT 'ringGroupGreeting' AS kind, ring_group_extension AS owner, NULL::text AS detail, 1 AS ord
        FROM ring_groups WHERE domain_uuid = ${t} AND ring_group_greeting = ${f}`);
    parts.push(sql`SELECT 'ringGroupTimeout' AS kind, ring_group_extension AS owner, NULL::text AS detail, 2 AS ord FROM ring_groups
       WHERE domain_uuid = ${t} AND ring_group_timeout_app = 'lua' AND ring_group_timeout_data = ${LUA_PREFIX + f}`);
    parts.push(sql`SELECT 'ivrGreeting' AS kind, ivr_menu_extension AS owner, NULL::text AS detail, 3 AS ord FROM ivr_menus
       WHERE domain_uuid = ${t} AND ivr_menu_greet_long = ${f}`);
    parts.push(sql`SELECT 'scheduleAction' AS kind, p.dialplan_name AS owner, c.time_condition_name AS detail, 5 AS ord
        FROM time_conditions c JOIN dialplans p USING (dialplan_uuid)
       WHERE c.domain_uuid = ${t} AND c.time_condition_action_type = 'announce' AND c.time_condition_announce = ${f}`);
    parts.push(sql`SELECT 'scheduleAbsence' AS kind, p.dialplan_name AS owner, c.time_condition_name AS detail, 5 AS ord
        FROM time_conditions c JOIN dialplans p USING (dialplan_uuid)
       WHERE c.domain_uuid = ${t} AND c.time_condition_voice_mail_announce = ${f}`);
  }
  return parts;
}

/** IVR option params that send a caller to the number: 'transfer N XML ctx' or 'lua nit_ivr_record.lua N'. */
function ivrOptionTargets(n: string): SQL {
  return sql`((split_part(o.ivr_menu_option_param, ' ', 1) = 'transfer' AND split_part(o.ivr_menu_option_param, ' ', 2) = ${n})
    OR (split_part(o.ivr_menu_option_param, ' ', 1) = 'lua' AND split_part(o.ivr_menu_option_param, ' ', 3) = ${n}))`;
}

/** Business-hours conditions whose action goes to the number (a target, or a transfer to it). */
function conditionTargets(n: string): SQL {
  return sql`((c.time_condition_action_type = 'action' AND c.time_condition_action = ${n})
    OR (c.time_condition_action_type = 'transfer' AND replace(c.time_condition_transfer, ' ', '') = ${n}))`;
}

/**
 * Removes every reference to the target: members, IVR options and speed dials are deleted; a ring group's
 * no-answer action and a condition's action fall back to 切断 (hang up); greetings, forwards, users'
 * extensions and incoming numbers' schedules are cleared.
 */
export async function removeUsages(conn: Conn, tenantUuid: string, target: UsageTarget): Promise<void> {
  const t = tenantUuid;
  const n = target.number;
  const run = (query: SQL) => conn.execute(query);
  if (DIALLED.has(target.kind)) {
    if (target.kind === 'extension') {
      await run(
        sql`DELETE FROM ring_group_destinations WHERE domain_uuid = ${t} AND destination_number = ${n}`,
      );
      await run(sql`UPDATE users SET extension_uuid = NULL, updated_at = now()
                     WHERE domain_uuid = ${t} AND extension_uuid = ${target.id}`);
    }
    await run(sql`UPDATE ring_groups SET ring_group_timeout_app = 'hangup', ring_group_timeout_data = NULL, updated_at = now()
                   WHERE domain_uuid = ${t} AND ring_group_timeout_app = 'transfer'
                     AND split_part(ring_group_timeout_data, ' ', 1) = ${n}`);
    await run(sql`DELETE FROM ivr_menu_options o WHERE o.domain_uuid = ${t} AND ${ivrOptionTargets(n)}`);
    await run(sql`UPDATE time_conditions c
                     SET time_condition_action_type = 'hangup', time_condition_action = '', time_condition_transfer = ''
                   WHERE c.domain_uuid = ${t} AND ${conditionTargets(n)}`);
    await run(sql`DELETE FROM speed_dials WHERE domain_uuid = ${t} AND phone_number = ${n}`);
    await run(sql`UPDATE extensions SET forward_all_destination = '', updated_at = now()
                   WHERE domain_uuid = ${t} AND forward_all_destination = ${n}`);
  }
  if (target.kind === 'schedule') {
    await run(sql`UPDATE destinations SET destination_data = NULL, updated_at = now()
                   WHERE domain_uuid = ${t} AND split_part(destination_data, ' ', 1) = ${n}`);
  }
  if (target.kind === 'recording') {
    const f = target.filename ?? '';
    await run(sql`UPDATE ring_groups SET ring_group_greeting = '', updated_at = now()
                   WHERE domain_uuid = ${t} AND ring_group_greeting = ${f}`);
    await run(sql`UPDATE ring_groups SET ring_group_timeout_app = 'hangup', ring_group_timeout_data = NULL, updated_at = now()
                   WHERE domain_uuid = ${t} AND ring_group_timeout_app = 'lua' AND ring_group_timeout_data = ${LUA_PREFIX + f}`);
    await run(sql`UPDATE time_conditions SET time_condition_action_type = 'hangup', time_condition_announce = ''
                   WHERE domain_uuid = ${t} AND time_condition_action_type = 'announce' AND time_condition_announce = ${f}`);
    await run(sql`UPDATE time_conditions SET time_condition_voice_mail_announce = ''
                   WHERE domain_uuid = ${t} AND time_condition_voice_mail_announce = ${f}`);
  }
}

/** The configuration each kind of reference lives in: what the engine reloads once it is removed. */
export const REF_CONFIG: Record<UsageRefKind, ConfigKind> = {
  ringGroupMember: 'ringGroup',
  ringGroupTimeout: 'ringGroup',
  ringGroupGreeting: 'ringGroup',
  ivrOption: 'ivr',
  ivrGreeting: 'ivr',
  scheduleAction: 'schedule',
  scheduleAbsence: 'schedule',
  destination: 'destination',
  speedDial: 'speedDial',
  user: 'extension',
  extensionForward: 'extension',
};

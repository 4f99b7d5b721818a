import type { InitData } from '@tsunagu/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Conn } from '../db/client';
import { rowsOf } from '../db/migrate';
import { preparedOn } from '../db/prepared';
import {
  changeVersions,
  domains,
  extensions,
  gateways,
  ivrMenus,
  recordings,
  ringGroups,
} from '../db/schema';

/** What several PBX features read about a tenant: its dialable numbers, recordings and call targets. */

/** Advisory-lock namespace of per-tenant number allocation. */
const NUMBERS_LOCK = 727_200_002;

/**
 * Serialises the tenant's number-changing transactions (extensions, ring groups, IVRs share one number
 * space that no single unique index covers), so two saves cannot both take a free number.
 */
export async function lockTenantNumbers(conn: Conn, tenantUuid: string): Promise<void> {
  await conn.execute(sql`SELECT pg_advisory_xact_lock(${NUMBERS_LOCK}, hashtext(${tenantUuid}))`);
}

/** Which own row to leave out when an object keeps its number on edit. */
export interface NumberOwner {
  ringGroupUuid?: string | null;
  ivrMenuUuid?: string | null;
}

/** Every number the tenant dials internally: extensions, ring groups, IVR menus and schedules. */
export async function listUsedNumbers(
  conn: Conn,
  tenantUuid: string,
  except: NumberOwner = {},
): Promise<string[]> {
  const result = await conn.execute<{ n: string }>(sql`
    SELECT extension AS n FROM extensions WHERE domain_uuid = ${tenantUuid}
    UNION ALL
    SELECT ring_group_extension FROM ring_groups
     WHERE domain_uuid = ${tenantUuid} AND ring_group_uuid IS DISTINCT FROM ${except.ringGroupUuid ?? null}::uuid
    UNION ALL
    SELECT ivr_menu_extension FROM ivr_menus
     WHERE domain_uuid = ${tenantUuid} AND ivr_menu_uuid IS DISTINCT FROM ${except.ivrMenuUuid ?? null}::uuid
    UNION ALL
    SELECT dialplan_number FROM dialplans WHERE domain_uuid = ${tenantUuid}`);
  return rowsOf<{ n: string }>(result).map((r) => r.n);
}

/** The change areas of 0011_change_areas.sql: each cached answer reads those of the tables it shows. */
export type ChangeArea = 'pbx' | 'directory';

/** The tenant's change counters (bumped by triggers on every change to their tables); 0 before any. */
export async function findChangeVersions(
  conn: Conn,
  tenantUuid: string,
): Promise<Record<ChangeArea, string>> {
  const [row] = await changeVersionsOf(conn).execute({ tenantUuid });
  return { pbx: row?.pbx ?? '0', directory: row?.directory ?? '0' };
}

// Read before every cached list answer: prepared, so it costs one round trip and no query building.
const changeVersionsOf = preparedOn((conn) =>
  conn
    .select({
      pbx: sql<string>`coalesce(max(${changeVersions.version}) FILTER (WHERE ${changeVersions.area} = 'pbx'), 0)::text`,
      directory: sql<string>`coalesce(max(${changeVersions.version}) FILTER (WHERE ${changeVersions.area} = 'directory'), 0)::text`,
    })
    .from(changeVersions)
    .where(eq(changeVersions.domainUuid, sql.placeholder('tenantUuid')))
    .prepare('change_versions'),
);

/** The tenant's domain name (dialplan context), or null for an unknown tenant. */
export async function findDomainName(conn: Conn, tenantUuid: string): Promise<string | null> {
  const [row] = await conn
    .select({ domainName: domains.domainName })
    .from(domains)
    .where(eq(domains.domainUuid, tenantUuid));
  return row?.domainName ?? null;
}

/** The filenames of the tenant's recordings (what greetings and announcements refer to). */
export async function listRecordingFilenames(conn: Conn, tenantUuid: string): Promise<string[]> {
  const rows = await conn
    .select({ filename: recordings.recordingFilename })
    .from(recordings)
    .where(eq(recordings.domainUuid, tenantUuid));
  return rows.map((r) => r.filename);
}

/** The tenant's extension numbers (the only allowed ring-group members). */
export async function listExtensionNumbers(conn: Conn, tenantUuid: string): Promise<string[]> {
  const rows = await conn
    .select({ extension: extensions.extension })
    .from(extensions)
    .where(eq(extensions.domainUuid, tenantUuid));
  return rows.map((r) => r.extension);
}

/** The tenant's enabled gateway numbers (allowed outbound caller numbers). */
export async function listGatewayNumbers(conn: Conn, tenantUuid: string): Promise<string[]> {
  const rows = await conn
    .select({ gateway: gateways.gateway })
    .from(gateways)
    .where(and(eq(gateways.domainUuid, tenantUuid), eq(gateways.enabled, true)));
  return rows.map((r) => r.gateway);
}

const byNumber = (column: Parameters<typeof asc>[0]) => [sql`length(${column})`, asc(column)];

/** The tenant's call targets (GET /v1/common/initData): extensions, ring groups and IVR menus, by number. */
export async function listCallTargets(conn: Conn, tenantUuid: string): Promise<InitData> {
  const [extensionRows, ringGroupRows, ivrMenuRows] = await Promise.all([
    conn
      .select({ extension: extensions.extension, effectiveCallerIdName: extensions.effectiveCallerIdName })
      .from(extensions)
      .where(eq(extensions.domainUuid, tenantUuid))
      .orderBy(...byNumber(extensions.extension)),
    conn
      .select({
        ringGroupExtension: ringGroups.ringGroupExtension,
        ringGroupName: ringGroups.ringGroupName,
        ringGroupContext: ringGroups.ringGroupContext,
      })
      .from(ringGroups)
      .where(eq(ringGroups.domainUuid, tenantUuid))
      .orderBy(...byNumber(ringGroups.ringGroupExtension)),
    conn
      .select({ ivrMenuExtension: ivrMenus.ivrMenuExtension, ivrMenuName: ivrMenus.ivrMenuName })
      .from(ivrMenus)
      .where(eq(ivrMenus.domainUuid, tenantUuid))
      .orderBy(...byNumber(ivrMenus.ivrMenuExtension)),
  ]);
  return { extensions: extensionRows, ringGroups: ringGroupRows, ivrMenus: ivrMenuRows };
}

import { rowBefore } from '../../platform/audit/row-before';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Conn } from '../../platform/db/client';
import { ivrMenuOptions, ivrMenus } from '../../platform/db/schema';

/** The tenant's IVR menus in number order. */
export function listMenuRows(conn: Conn, tenantUuid: string) {
  return conn
    .select({
      ivrMenuUuid: ivrMenus.ivrMenuUuid,
      domainUuid: ivrMenus.domainUuid,
      ivrMenuName: ivrMenus.ivrMenuName,
      ivrMenuGreetLong: ivrMenus.ivrMenuGreetLong,
      ivrMenuDescription: ivrMenus.ivrMenuDescription,
      ivrMenuEnabled: ivrMenus.ivrMenuEnabled,
      ivrMenuExtension: ivrMenus.ivrMenuExtension,
    })
    .from(ivrMenus)
    .where(eq(ivrMenus.domainUuid, tenantUuid))
    .orderBy(sql`length(${ivrMenus.ivrMenuExtension})`, asc(ivrMenus.ivrMenuExtension));
}

export type MenuRow = Awaited<ReturnType<typeof listMenuRows>>[number];

/** Every option of the tenant's menus, in the order they were entered. */
export function listOptionRows(conn: Conn, tenantUuid: string) {
  return conn
    .select({
      ivrMenuUuid: ivrMenuOptions.ivrMenuUuid,
      ivrMenuOptionUuid: ivrMenuOptions.ivrMenuOptionUuid,
      domainUuid: ivrMenuOptions.domainUuid,
      ivrMenuOptionDigits: ivrMenuOptions.ivrMenuOptionDigits,
      ivrMenuOptionParam: ivrMenuOptions.ivrMenuOptionParam,
    })
    .from(ivrMenuOptions)
    .where(eq(ivrMenuOptions.domainUuid, tenantUuid))
    .orderBy(asc(ivrMenuOptions.ivrMenuUuid), asc(ivrMenuOptions.sortOrder));
}

/** One of the tenant's menus with its option ids, or null. */
export async function findMenu(conn: Conn, tenantUuid: string, ivrMenuUuid: string) {
  const [menu] = await conn
    .select({ ivrMenuName: ivrMenus.ivrMenuName, ivrMenuExtension: ivrMenus.ivrMenuExtension })
    .from(ivrMenus)
    .where(and(eq(ivrMenus.domainUuid, tenantUuid), eq(ivrMenus.ivrMenuUuid, ivrMenuUuid)));
  if (!menu) return null;
  const options = await conn
    .select({ ivrMenuOptionUuid: ivrMenuOptions.ivrMenuOptionUuid })
    .from(ivrMenuOptions)
    .where(and(eq(ivrMenuOptions.domainUuid, tenantUuid), eq(ivrMenuOptions.ivrMenuUuid, ivrMenuUuid)));
  return { ...menu, optionUuids: options.map((o) => o.ivrMenuOptionUuid) };
}

export interface MenuColumns {
  ivrMenuName: string;
  ivrMenuExtension: string;
  ivrMenuGreetLong: string;
  ivrMenuDescription: string | null;
  ivrMenuEnabled: boolean;
}

export async function insertMenu(conn: Conn, tenantUuid: string, ivrMenuUuid: string, menu: MenuColumns) {
  await conn.insert(ivrMenus).values({ ...menu, ivrMenuUuid, domainUuid: tenantUuid });
}

export async function updateMenu(conn: Conn, tenantUuid: string, ivrMenuUuid: string, menu: MenuColumns) {
  await conn
    .update(ivrMenus)
    .set({ ...menu, updatedAt: new Date() })
    .where(and(eq(ivrMenus.domainUuid, tenantUuid), eq(ivrMenus.ivrMenuUuid, ivrMenuUuid)));
}

export interface OptionColumns {
  ivrMenuOptionUuid: string;
  ivrMenuOptionDigits: string;
  ivrMenuOptionParam: string;
}

/** Sets the options of one of the tenant's menus (the caller has checked the menu is the tenant's). */
export async function replaceOptions(
  conn: Conn,
  tenantUuid: string,
  ivrMenuUuid: string,
  options: readonly OptionColumns[],
): Promise<void> {
  await conn
    .delete(ivrMenuOptions)
    .where(and(eq(ivrMenuOptions.domainUuid, tenantUuid), eq(ivrMenuOptions.ivrMenuUuid, ivrMenuUuid)));
  if (options.length === 0) return;
  await conn
    .insert(ivrMenuOptions)
    .values(options.map((o, sortOrder) => ({ ...o, ivrMenuUuid, domainUuid: tenantUuid, sortOrder })));
}

/** Deletes the menu and its options; returns its name, or null when the tenant has no such menu. */
export async function deleteMenu(
  conn: Conn,
  tenantUuid: string,
  ivrMenuUuid: string,
): Promise<string | null> {
  const [row] = await conn
    .delete(ivrMenus)
    .where(and(eq(ivrMenus.domainUuid, tenantUuid), eq(ivrMenus.ivrMenuUuid, ivrMenuUuid)))
    .returning({ name: ivrMenus.ivrMenuName });
  return row?.name ?? null;
}

/** The menu's stored columns and option digits before an edit (the row locked), for the audit entry. */
export async function ivrMenuBefore(
  conn: Conn,
  tenantUuid: string,
  ivrMenuUuid: string,
  fields: readonly string[],
): Promise<Record<string, unknown> | null> {
  const where = and(eq(ivrMenus.domainUuid, tenantUuid), eq(ivrMenus.ivrMenuUuid, ivrMenuUuid));
  const row = await rowBefore(conn, ivrMenus, where, fields);
  if (!row) return null;
  const options = await conn
    .select({ digits: ivrMenuOptions.ivrMenuOptionDigits })
    .from(ivrMenuOptions)
    .where(and(eq(ivrMenuOptions.domainUuid, tenantUuid), eq(ivrMenuOptions.ivrMenuUuid, ivrMenuUuid)));
  // Sorted here as the service sorts the new ones (the database's collation may order '#' and '*' otherwise).
  return { ...row, options: options.map((o) => o.digits).sort() };
}

import { rowBefore } from '../../platform/audit/row-before';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Conn } from '../../platform/db/client';
import { domains, extensions } from '../../platform/db/schema';

/** The tenant's extensions in number order; the sealed password is never selected here. */
export function listExtensions(conn: Conn, tenantUuid: string) {
  return conn
    .select({
      extensionUuid: extensions.extensionUuid,
      extension: extensions.extension,
      userContext: domains.domainName,
      effectiveCallerIdName: extensions.effectiveCallerIdName,
      outboundCallerIdNumber: extensions.outboundCallerIdNumber,
      enabled: extensions.enabled,
      doNotDisturb: extensions.doNotDisturb,
      forwardAllDestination: extensions.forwardAllDestination,
    })
    .from(extensions)
    .innerJoin(domains, eq(domains.domainUuid, extensions.domainUuid))
    .where(eq(extensions.domainUuid, tenantUuid))
    .orderBy(sql`length(${extensions.extension})`, asc(extensions.extension));
}

export type ExtensionRow = Awaited<ReturnType<typeof listExtensions>>[number];

/** The edit dialog's fields; returns whether the tenant had that extension. */
export async function updateExtension(
  conn: Conn,
  tenantUuid: string,
  extensionUuid: string,
  changes: {
    outboundCallerIdNumber: string;
    enabled: boolean;
    doNotDisturb: boolean;
    forwardAllDestination: string;
  },
): Promise<boolean> {
  const rows = await conn
    .update(extensions)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(extensions.domainUuid, tenantUuid), eq(extensions.extensionUuid, extensionUuid)))
    .returning({ extensionUuid: extensions.extensionUuid });
  return rows.length > 0;
}

export async function insertExtension(
  conn: Conn,
  tenantUuid: string,
  row: { extensionUuid: string; extension: string; effectiveCallerIdName: string; passwordEnc: string },
): Promise<void> {
  await conn.insert(extensions).values({ ...row, domainUuid: tenantUuid });
}

/** Deletes the extension; returns its number, or null when the tenant has no such extension. */
export async function deleteExtension(
  conn: Conn,
  tenantUuid: string,
  extensionUuid: string,
): Promise<string | null> {
  const [row] = await conn
    .delete(extensions)
    .where(and(eq(extensions.domainUuid, tenantUuid), eq(extensions.extensionUuid, extensionUuid)))
    .returning({ extension: extensions.extension });
  return row?.extension ?? null;
}

/** Replaces the extension's SIP/verto password; returns its number, or null when the tenant has no such extension. */
export async function updateExtensionPassword(
  conn: Conn,
  tenantUuid: string,
  extensionUuid: string,
  passwordEnc: string,
): Promise<string | null> {
  const [row] = await conn
    .update(extensions)
    .set({ passwordEnc, updatedAt: new Date() })
    .where(and(eq(extensions.domainUuid, tenantUuid), eq(extensions.extensionUuid, extensionUuid)))
    .returning({ extension: extensions.extension });
  return row?.extension ?? null;
}

/** The extension's named fields before an edit (locked), for the audit entry; null when the tenant has no such extension. */
export function extensionBefore(
  conn: Conn,
  tenantUuid: string,
  extensionUuid: string,
  fields: readonly string[],
) {
  const where = and(eq(extensions.domainUuid, tenantUuid), eq(extensions.extensionUuid, extensionUuid));
  return rowBefore(conn, extensions, where, fields);
}

import { DEFAULT_LAYOUT, layoutSchema, type Layout, type LayoutRecord } from '@tsunagu/contract/crm/layout';
import { and, eq } from 'drizzle-orm';
import type { Conn } from '../../platform/db/client';
import { customerImportMappings, customerLayouts } from '../../platform/db/schema';

/** The tenant's layout and its version; the default at version 0 until the tenant saves one. */
export async function readLayout(conn: Conn, tenantUuid: string): Promise<LayoutRecord> {
  const [row] = await conn.select().from(customerLayouts).where(eq(customerLayouts.domainUuid, tenantUuid));
  if (!row) return { layout: DEFAULT_LAYOUT, version: 0 };
  // Stored layouts passed the schema when saved; parsing again fills any field a later version added.
  const parsed = layoutSchema.safeParse(row.layout);
  return { layout: parsed.success ? parsed.data : DEFAULT_LAYOUT, version: row.version };
}

/**
 * Saves the layout over the version read (0: none saved yet); false when someone saved meanwhile.
 */
export async function writeLayout(
  conn: Conn,
  tenantUuid: string,
  version: number,
  layout: Layout,
): Promise<boolean> {
  if (version === 0) {
    const inserted = await conn
      .insert(customerLayouts)
      .values({ domainUuid: tenantUuid, layout, version: 1 })
      .onConflictDoNothing()
      .returning({ version: customerLayouts.version });
    return inserted.length === 1;
  }
  const updated = await conn
    .update(customerLayouts)
    .set({ layout, version: version + 1, updatedAt: new Date() })
    .where(and(eq(customerLayouts.domainUuid, tenantUuid), eq(customerLayouts.version, version)))
    .returning({ version: customerLayouts.version });
  return updated.length === 1;
}

/** The import's last column mapping (file header → field), or an empty one. */
export async function readImportMapping(conn: Conn, tenantUuid: string): Promise<Record<string, string>> {
  const [row] = await conn
    .select({ mapping: customerImportMappings.mapping })
    .from(customerImportMappings)
    .where(eq(customerImportMappings.domainUuid, tenantUuid));
  return row?.mapping ?? {};
}

export async function writeImportMapping(
  conn: Conn,
  tenantUuid: string,
  mapping: Record<string, string>,
): Promise<void> {
  await conn
    .insert(customerImportMappings)
    .values({ domainUuid: tenantUuid, mapping })
    .onConflictDoUpdate({
      target: customerImportMappings.domainUuid,
      set: { mapping, updatedAt: new Date() },
    });
}

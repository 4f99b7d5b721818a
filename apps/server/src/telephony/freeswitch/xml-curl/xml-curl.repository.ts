/** The rows mod_xml_curl answers are built from, beyond the routing snapshot. */
import { and, eq } from 'drizzle-orm';
import type { Conn } from '../../../platform/db/client';
import { destinations, domains, extensions, recordings } from '../../../platform/db/schema';

/** One extension as the directory needs it (its password still sealed). */
export async function findDirectoryEntry(conn: Conn, tenantUuid: string, extension: string) {
  const [row] = await conn
    .select({
      extensionUuid: extensions.extensionUuid,
      extension: extensions.extension,
      passwordEnc: extensions.passwordEnc,
      effectiveCallerIdName: extensions.effectiveCallerIdName,
      outboundCallerIdNumber: extensions.outboundCallerIdNumber,
      enabled: extensions.enabled,
      doNotDisturb: extensions.doNotDisturb,
      forwardAllDestination: extensions.forwardAllDestination,
      callTimeout: extensions.callTimeout,
      tenantEnabled: domains.enabled,
    })
    .from(extensions)
    .innerJoin(domains, eq(domains.domainUuid, extensions.domainUuid))
    .where(and(eq(extensions.domainUuid, tenantUuid), eq(extensions.extension, extension)));
  return row ?? null;
}

export type DirectoryEntry = NonNullable<Awaited<ReturnType<typeof findDirectoryEntry>>>;

/** The tenant an incoming number belongs to, or null. */
export async function findTenantOfIncomingNumber(conn: Conn, number: string): Promise<string | null> {
  const [row] = await conn
    .select({ domainUuid: destinations.domainUuid })
    .from(destinations)
    .where(eq(destinations.destinationNumber, number))
    .limit(1);
  return row?.domainUuid ?? null;
}

/** The tenant's recordings: the file name settings refer to → the name it is stored under. */
export async function listRecordingFiles(conn: Conn, tenantUuid: string): Promise<Map<string, string>> {
  const rows = await conn
    .select({ filename: recordings.recordingFilename, storageName: recordings.storageName })
    .from(recordings)
    .where(eq(recordings.domainUuid, tenantUuid));
  return new Map(rows.map((row) => [row.filename, row.storageName]));
}

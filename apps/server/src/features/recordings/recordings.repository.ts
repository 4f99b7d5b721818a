import { DEFAULT_RECORDING } from '@tsunagu/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Conn } from '../../platform/db/client';
import { recordings } from '../../platform/db/schema';

const listed = {
  recordingUuid: recordings.recordingUuid,
  domainUuid: recordings.domainUuid,
  recordingName: recordings.recordingName,
  recordingFilename: recordings.recordingFilename,
  recordingDescription: recordings.recordingDescription,
};

/** The tenant's recordings: the built-in ones first, then by name. */
export function listRecordings(conn: Conn, tenantUuid: string) {
  return conn
    .select(listed)
    .from(recordings)
    .where(eq(recordings.domainUuid, tenantUuid))
    .orderBy(
      desc(sql`${recordings.recordingDescription} IS NOT DISTINCT FROM ${DEFAULT_RECORDING}`),
      // Code-point order: the same on every server, whatever its locale.
      sql`${recordings.recordingName} COLLATE "C"`,
      asc(recordings.recordingFilename),
    );
}

const stored = { ...listed, storageName: recordings.storageName };

/** One of the tenant's recordings by id, with its storage name, or null. */
export async function findRecording(conn: Conn, tenantUuid: string, recordingUuid: string) {
  const [row] = await conn
    .select(stored)
    .from(recordings)
    .where(and(eq(recordings.domainUuid, tenantUuid), eq(recordings.recordingUuid, recordingUuid)));
  return row ?? null;
}

/** One of the tenant's recordings by its filename (the name users and dialplans use), or null. */
export async function findRecordingByFilename(conn: Conn, tenantUuid: string, recordingFilename: string) {
  const [row] = await conn
    .select(stored)
    .from(recordings)
    .where(and(eq(recordings.domainUuid, tenantUuid), eq(recordings.recordingFilename, recordingFilename)));
  return row ?? null;
}

export async function insertRecording(
  conn: Conn,
  tenantUuid: string,
  row: {
    recordingUuid: string;
    recordingName: string;
    recordingFilename: string;
    storageName: string;
    sizeBytes: number;
  },
): Promise<void> {
  await conn.insert(recordings).values({ ...row, domainUuid: tenantUuid, recordingDescription: null });
}

export async function renameRecording(
  conn: Conn,
  tenantUuid: string,
  recordingUuid: string,
  recordingName: string,
) {
  await conn
    .update(recordings)
    .set({ recordingName, updatedAt: new Date() })
    .where(and(eq(recordings.domainUuid, tenantUuid), eq(recordings.recordingUuid, recordingUuid)));
}

export async function deleteRecording(conn: Conn, tenantUuid: string, recordingUuid: string): Promise<void> {
  await conn
    .delete(recordings)
    .where(and(eq(recordings.domainUuid, tenantUuid), eq(recordings.recordingUuid, recordingUuid)));
}

export { storageUsage } from '../../platform/files/storage-usage';

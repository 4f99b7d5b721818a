import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AudioFormat } from './audio-format';

/** An upload written to disk but not yet a recording: kept under a generated name, or discarded. */
export interface StagedFile {
  /** Where it lies while it is checked (never served). */
  readonly path: string;
  readonly size: number;
  /** Moves it into the tenant's storage under a new generated name; returns that name. */
  keep(tenantUuid: string, format: AudioFormat): Promise<string>;
  /** Removes it (after keep, nothing is left to remove). */
  discard(): Promise<void>;
}

/** Where recordings live: `<dataDir>/recordings/<tenantUuid>/<generated name>` (object storage later). */
export interface RecordingStorage {
  /** Writes the bytes under a new generated name in the tenant's directory; returns that name. */
  save(tenantUuid: string, format: AudioFormat, bytes: Buffer): Promise<string>;
  /** The stored file's path and size, or null when it does not exist (or the name is not one we generate). */
  find(tenantUuid: string, storageName: string): Promise<{ path: string; size: number } | null>;
  /** Removes a stored file; a missing file is not an error. */
  remove(tenantUuid: string, storageName: string): Promise<void>;
  /**
   * Streams an upload to a temporary file, so its size never sits in memory; a failed stream leaves no file.
   * The staging folder is beside the tenants' folders (same file system, so `keep` is a rename): the tenant
   * an upload is for is named by a form field that may come after the file.
   */
  stage(source: Readable): Promise<StagedFile>;
}

const TENANT_DIR = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Uploads being received; not a tenant id, so no lookup can ever reach it. */
export const STAGING_DIR = '.incoming';
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(wav|mp3)$/;

/** A staged file this old belongs to no running upload (a process died mid-request): it is removed. */
const STALE_STAGED_MS = 60 * 60 * 1000;

/** Removes staged files left by a process that stopped mid-upload; best effort, never fails an upload. */
async function sweepStaging(dir: string, now: number): Promise<void> {
  const names = await readdir(dir).catch(() => []);
  for (const name of names) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (info && now - info.mtimeMs > STALE_STAGED_MS) await rm(path, { force: true }).catch(() => undefined);
  }
}

export function createRecordingStorage(dataDir: string): RecordingStorage {
  const root = resolve(dataDir, 'recordings');
  const stagingDir = join(root, STAGING_DIR);
  let swept: Promise<void> | null = null;

  /**
   * The absolute path of a stored file, or null. Names are only ever ones this module generated, and the
   * resolved path must stay inside the root: no input can reach a file outside the storage.
   */
  function pathOf(tenantUuid: string, storageName: string): string | null {
    if (!TENANT_DIR.test(tenantUuid) || !STORED_NAME.test(storageName)) return null;
    const path = resolve(root, tenantUuid.toLowerCase(), storageName);
    return path.startsWith(root + sep) ? path : null;
  }

  /** A new generated name in the tenant's folder, which is created if needed. */
  async function newPath(tenantUuid: string, format: AudioFormat) {
    const storageName = `${randomUUID()}.${format}`;
    const path = pathOf(tenantUuid, storageName);
    if (!path) throw new Error('invalid tenant id for recording storage');
    await mkdir(join(path, '..'), { recursive: true });
    return { storageName, path };
  }

  return {
    async save(tenantUuid, format, bytes) {
      const { storageName, path } = await newPath(tenantUuid, format);
      // Written aside and renamed, so a reader never sees half a file.
      await writeFile(`${path}.part`, bytes);
      await rename(`${path}.part`, path);
      return storageName;
    },
    async find(tenantUuid, storageName) {
      const path = pathOf(tenantUuid, storageName);
      if (!path) return null;
      try {
        const info = await stat(path);
        return info.isFile() ? { path, size: info.size } : null;
      } catch {
        return null;
      }
    },
    async remove(tenantUuid, storageName) {
      const path = pathOf(tenantUuid, storageName);
      if (path) await rm(path, { force: true });
    },
    async stage(source) {
      await mkdir(stagingDir, { recursive: true });
      // Once per process, in the background: what an earlier process left half-received.
      swept ??= sweepStaging(stagingDir, Date.now());
      const path = join(stagingDir, `${randomUUID()}.part`);
      const discard = () => rm(path, { force: true });
      try {
        await pipeline(source, createWriteStream(path, { flags: 'wx' }));
      } catch (error) {
        await discard();
        throw error;
      }
      const { size } = await stat(path);
      return {
        path,
        size,
        discard,
        async keep(tenantUuid, format) {
          const target = await newPath(tenantUuid, format);
          await rename(path, target.path);
          return target.storageName;
        },
      };
    },
  };
}

import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { AudioFormat } from './audio-format';

/** Where recordings live: `<dataDir>/recordings/<domainUuid>/<generated name>` (object storage later). */
export interface RecordingStorage {
  /** Writes the bytes under a new generated name in the tenant's directory; returns that name. */
  save(domainUuid: string, format: AudioFormat, bytes: Buffer): Promise<string>;
  /** The stored file's path and size, or null when it does not exist (or the name is not one we generate). */
  find(domainUuid: string, storageName: string): Promise<{ path: string; size: number } | null>;
  /** Removes a stored file; a missing file is not an error. */
  remove(domainUuid: string, storageName: string): Promise<void>;
}

const TENANT_DIR = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(wav|mp3)$/;

export function createRecordingStorage(dataDir: string): RecordingStorage {
  const root = resolve(dataDir, 'recordings');

  /**
   * The absolute path of a stored file, or null. Names are only ever ones this module generated, and the
   * resolved path must stay inside the root: no input can reach a file outside the storage.
   */
  function pathOf(domainUuid: string, storageName: string): string | null {
    if (!TENANT_DIR.test(domainUuid) || !STORED_NAME.test(storageName)) return null;
    const path = resolve(root, domainUuid.toLowerCase(), storageName);
    return path.startsWith(root + sep) ? path : null;
  }

  return {
    async save(domainUuid, format, bytes) {
      const storageName = `${randomUUID()}.${format}`;
      const path = pathOf(domainUuid, storageName);
      if (!path) throw new Error('invalid tenant id for recording storage');
      await mkdir(join(path, '..'), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      await writeFile(`${path}.part`, bytes);
      await rename(`${path}.part`, path);
      return storageName;
    },
    async find(domainUuid, storageName) {
      const path = pathOf(domainUuid, storageName);
      if (!path) return null;
      try {
        const info = await stat(path);
        return info.isFile() ? { path, size: info.size } : null;
      } catch {
        return null;
      }
    },
    async remove(domainUuid, storageName) {
      const path = pathOf(domainUuid, storageName);
      if (path) await rm(path, { force: true });
    },
  };
}

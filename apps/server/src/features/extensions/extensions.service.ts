import type { Db } from '../../platform/db/client';
import { listExtensions } from './extensions.repository';

const flag = (value: boolean) => (value ? 'true' : 'false');

export function createExtensionsService({ db }: { db: Db }) {
  return {
    /** The extension list of spec 2.6, flags as 'true'/'false'. */
    async list(tenantUuid: string) {
      const rows = await listExtensions(db, tenantUuid);
      return rows.map((row) => ({
        ...row,
        enabled: flag(row.enabled),
        doNotDisturb: flag(row.doNotDisturb),
      }));
    },
  };
}

export type ExtensionsService = ReturnType<typeof createExtensionsService>;

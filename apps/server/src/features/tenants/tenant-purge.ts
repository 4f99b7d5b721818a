import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { PURGE_AFTER_DAYS } from '@tsunagu/contract/tenant-admin';
import { audit } from '../../platform/audit/audit.repository';
import type { Db } from '../../platform/db/client';
import { purgeTenant, tenantsDueForPurge } from './tenants.repository';

const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f-]{36}$/i;

/**
 * Purges the tenants deleted more than PURGE_AFTER_DAYS ago: the tenant row and by cascade all its data,
 * then its audio files. The audit trail keeps its entries (and records the purge). Safe to run on every
 * instance at once: a tenant is removed by whichever gets there first, the others find nothing.
 */
export async function purgeDeletedTenants({ db, dataDir, now }: { db: Db; dataDir: string; now: Date }) {
  const cutoff = new Date(now.getTime() - PURGE_AFTER_DAYS * DAY_MS);
  const purged: string[] = [];
  for (const tenantUuid of await tenantsDueForPurge(db, cutoff)) {
    const removed = await db.transaction(async (tx) => {
      if (!(await purgeTenant(tx, tenantUuid, cutoff))) return false;
      await audit(tx, {
        domainUuid: tenantUuid,
        username: 'system',
        action: 'tenant.purge',
        target: tenantUuid,
      });
      return true;
    });
    if (!removed) continue;
    if (UUID.test(tenantUuid))
      await rm(resolve(dataDir, 'recordings', tenantUuid.toLowerCase()), { recursive: true, force: true });
    purged.push(tenantUuid);
  }
  return purged;
}

/** Runs the purge every hour (first a minute after start) until the app closes. */
export function schedulePurge(run: () => Promise<unknown>, onError: (error: unknown) => void) {
  const tick = () => void run().catch(onError);
  const first = setTimeout(tick, 60_000);
  const every = setInterval(tick, 3_600_000);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}

import { Refusal } from '@tsunagu/contract/refusal';
import type { Layout, LayoutRecord } from '@tsunagu/contract/crm/layout';
import { auditedTransaction, type Actor } from '../../platform/audit/audited-transaction';
import type { Db } from '../../platform/db/client';
import { readLayout, writeLayout } from './layout.repository';

/** The tenant's customer-screen layout: read by the record, saved by the layout screen. */
export function createLayoutService({ db }: { db: Db }) {
  return {
    read: (tenantUuid: string): Promise<LayoutRecord> => readLayout(db, tenantUuid),

    /** Saves over the version read; a save over a newer version is refused (409) and changes nothing. */
    async save(actor: Actor, tenantUuid: string, version: number, layout: Layout): Promise<LayoutRecord> {
      await auditedTransaction(db, { actor, tenantUuid, action: 'layout.save' }, async (tx) => {
        if (!(await writeLayout(tx, tenantUuid, version, layout))) {
          throw new Refusal('conflict', 'customerLayoutConflict');
        }
        return { target: tenantUuid, detail: { fields: layout.fields.map((f) => f.label) } };
      });
      return readLayout(db, tenantUuid);
    },
  };
}

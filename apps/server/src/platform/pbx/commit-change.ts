import { auditedTransaction, type AuditedChange, type AuditNote } from '../audit/audited-transaction';
import type { Db, Tx } from '../db/client';
import type { ConfigKind, ConfigListener } from './config-kind';

export type { Actor } from '../audit/audited-transaction';

export interface Change extends AuditedChange {
  /** What the engine must reload. */
  kind: ConfigKind;
}

export interface ChangeNote extends AuditNote {
  /** Further kinds the change touched (references removed with a delete), reloaded as well. */
  alsoChanged?: readonly ConfigKind[];
}

/**
 * A PBX configuration change: an audited transaction (the PBX tables' triggers bump the tenant's 'pbx'
 * change counter with it, see 0011_change_areas.sql), then the engine reloads what changed.
 */
export async function commitChange(
  { db, engine }: { db: Db; engine: ConfigListener },
  change: Change,
  work: (tx: Tx) => Promise<ChangeNote>,
): Promise<void> {
  const note = await auditedTransaction(db, change, work);
  engine.configChanged(change.tenantUuid, change.kind);
  for (const kind of note.alsoChanged ?? [])
    if (kind !== change.kind) engine.configChanged(change.tenantUuid, kind);
}

import { usageLabel, usageMessage, type UsageKind } from '@tsunagu/contract';
import { Refusal } from '@tsunagu/contract/refusal';
import type { Db, Tx } from '../db/client';
import { commitChange, type Change } from './commit-change';
import type { ConfigKind, ConfigListener } from './config-kind';
import { lockTenantNumbers } from './lookups.repository';
import { findUsages, findUsageTarget, REF_CONFIG, removeUsages } from './usage.repository';

/** What a guarded delete removed besides the object: for the audit entry and the engine. */
export interface ClearedUsages {
  /** Labels of the removed references ('IVR 5000 の 1 番'), empty when the object was unused. */
  removedReferences: string[];
  alsoChanged: ConfigKind[];
}

/**
 * Run inside a delete's transaction, before the row goes: refuses (409 「使用中: …」) while anything refers
 * to the object, or with `removeReferences` removes those references in the same transaction. Takes the
 * tenant's number lock so that a save adding a reference cannot slip in between. An unknown object passes
 * (the delete itself answers 404).
 */
async function clearUsagesForDelete(
  tx: Tx,
  tenantUuid: string,
  object: { kind: UsageKind; id: string },
  removeReferences: boolean,
): Promise<ClearedUsages> {
  await lockTenantNumbers(tx, tenantUuid);
  const target = await findUsageTarget(tx, tenantUuid, object.kind, object.id);
  const refs = target ? await findUsages(tx, tenantUuid, target) : [];
  if (!target || refs.length === 0) return { removedReferences: [], alsoChanged: [] };
  if (!removeReferences) throw new Refusal('conflict', 'inUse', { text: usageMessage(refs) });
  if (refs.some((r) => r.kind === 'ivrGreeting')) throw new Refusal('conflict', 'referenceNotRemovable');
  await removeUsages(tx, tenantUuid, target);
  const alsoChanged = [...new Set(refs.map((r) => REF_CONFIG[r.kind]))];
  return { removedReferences: refs.map(usageLabel), alsoChanged };
}

/** The steps of one object's guarded delete (commitGuardedDelete). */
export interface GuardedDelete<Found> {
  /** Reads or locks the object before its references are looked at; null: the tenant has no such object. */
  find?: (tx: Tx) => Promise<Found | null>;
  /** Deletes the row; returns what the audit entry records, or null when there was no such row. */
  remove: (tx: Tx, found: Found) => Promise<Record<string, unknown> | null>;
}

/**
 * Deletes one PBX object as one change (commitChange): `find`, then the references refused or removed
 * (clearUsagesForDelete), then `remove`; 404 when the object does not exist. The audit entry lists the
 * references removed. Returns what `find` found.
 */
export async function commitGuardedDelete<Found = undefined>(
  deps: { db: Db; engine: ConfigListener },
  change: Change & { kind: UsageKind },
  id: string,
  removeReferences: boolean,
  { find = async () => undefined as Found, remove }: GuardedDelete<Found>,
): Promise<Found> {
  let found = undefined as Found;
  await commitChange(deps, change, async (tx) => {
    const object = await find(tx);
    if (object === null) throw new Refusal('not-found', 'notFound');
    found = object;
    const cleared = await clearUsagesForDelete(
      tx,
      change.tenantUuid,
      { kind: change.kind, id },
      removeReferences,
    );
    const detail = await remove(tx, object);
    if (detail === null) throw new Refusal('not-found', 'notFound');
    // What was deleted by its own name (its number or name, the first value `remove` records).
    const label = Object.values(detail).find((value) => typeof value === 'string');
    return {
      target: id,
      label: typeof label === 'string' ? label : undefined,
      detail: { ...detail, removedReferences: cleared.removedReferences },
      alsoChanged: cleared.alsoChanged,
    };
  });
  return found;
}

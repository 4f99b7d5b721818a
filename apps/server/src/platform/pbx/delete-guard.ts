import { ApiError, usageLabel, usageMessage, usageMessages, type UsageKind } from '@tsunagu/contract';
import type { ConfigKind } from './config-kind';
import type { Tx } from '../db/client';
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
export async function clearUsagesForDelete(
  tx: Tx,
  tenantUuid: string,
  object: { kind: UsageKind; id: string },
  removeReferences: boolean,
): Promise<ClearedUsages> {
  await lockTenantNumbers(tx, tenantUuid);
  const target = await findUsageTarget(tx, tenantUuid, object.kind, object.id);
  const refs = target ? await findUsages(tx, tenantUuid, target) : [];
  if (!target || refs.length === 0) return { removedReferences: [], alsoChanged: [] };
  if (!removeReferences) throw new ApiError(409, usageMessage(refs));
  if (refs.some((r) => r.kind === 'ivrGreeting')) throw new ApiError(409, usageMessages.notRemovable);
  await removeUsages(tx, tenantUuid, target);
  const alsoChanged = [...new Set(refs.map((r) => REF_CONFIG[r.kind]))];
  return { removedReferences: refs.map(usageLabel), alsoChanged };
}

import { usageMessage, type InitData, type UsageData, type UsageKind } from '@tsunagu/contract';
import { Refusal } from '@tsunagu/contract/refusal';
import type { Db } from '../../platform/db/client';
import type { ListCache } from '../../platform/pbx/list-cache';
import { listCallTargets } from '../../platform/pbx/lookups.repository';
import { findUsages, findUsageTarget } from '../../platform/pbx/usage.repository';

export function createCommonService({ db, lists }: { db: Db; lists: ListCache }) {
  return {
    /** The tenant's extensions, ring groups and IVR menus: what the destination and action selects offer (cached). */
    initData: (tenantUuid: string) =>
      lists.answer(tenantUuid, 'initData', (): Promise<InitData> => listCallTargets(db, tenantUuid)),

    /** Where one of the tenant's PBX objects is used; another tenant's object is unknown (404). */
    async usage(tenantUuid: string, kind: UsageKind, id: string): Promise<UsageData> {
      const target = await findUsageTarget(db, tenantUuid, kind, id);
      if (!target) throw new Refusal('not-found', 'notFound');
      const refs = await findUsages(db, tenantUuid, target);
      return { refs, message: usageMessage(refs) };
    },
  };
}

export type CommonService = ReturnType<typeof createCommonService>;

import type { InitData } from '@tsunagu/contract';
import type { Db } from '../../platform/db/client';
import type { ListCache } from '../../platform/pbx/list-cache';
import { listCallTargets } from '../../platform/pbx/lookups.repository';

export function createCommonService({ db, lists }: { db: Db; lists: ListCache }) {
  return {
    /** The tenant's extensions, ring groups and IVR menus: what the destination and action selects offer (cached). */
    initData: (tenantUuid: string) =>
      lists.answer(tenantUuid, 'initData', (): Promise<InitData> => listCallTargets(db, tenantUuid)),
  };
}

export type CommonService = ReturnType<typeof createCommonService>;

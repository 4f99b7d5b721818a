import { isFlagOn, type DoNotDisturbSet } from '@tsunagu/contract';
import { Refusal } from '@tsunagu/contract/refusal';
import type { Db } from '../../platform/db/client';
import { commitChange, type Actor } from '../../platform/pbx/commit-change';
import type { ConfigListener } from '../../platform/pbx/config-kind';
import { listDoNotDisturb, setOwnDoNotDisturb } from './do-not-disturb.repository';

/**
 * Do-not-disturb (着信拒否) as its user sets it from the header or the settings tab: the flag of their own
 * extension, which routing already honours on both engines (a direct call is busy, ring groups skip the
 * member). A change is a PBX change like the extension dialog's: audited, then the engines reload the
 * tenant's extensions and every console hears of it on /topic/pbx (presence reads the list again).
 */
export function createDoNotDisturbService(deps: { db: Db; engine: ConfigListener }) {
  const { db } = deps;
  return {
    list: (tenantUuid: string) => listDoNotDisturb(db, tenantUuid),

    async set(actor: Actor, tenantUuid: string, { doNotDisturb }: DoNotDisturbSet): Promise<string[]> {
      const on = isFlagOn(doNotDisturb);
      const change = { actor, tenantUuid, kind: 'extension', action: 'extension.doNotDisturb' } as const;
      await commitChange(deps, change, async (tx) => {
        const own = await setOwnDoNotDisturb(tx, tenantUuid, actor.auth.userUuid, on);
        if (!own) throw new Refusal('not-found', 'extensionUnassigned');
        return {
          target: own.extensionUuid,
          label: own.extension,
          before: { doNotDisturb: own.was },
          after: { doNotDisturb: on },
        };
      });
      return listDoNotDisturb(db, tenantUuid);
    },
  };
}

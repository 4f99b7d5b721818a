import {
  callsHandled,
  previousPeriod,
  type ExtensionAnalysis,
  type ExtensionAnalysisRequest,
  type ExtensionFigures,
  type Period,
} from '@tsunagu/contract';
import type { Db } from '../../platform/db/client';
import { tenantTimeZone } from './analysis.repository';
import { handledByUser, missedByUser } from './extension-analysis.repository';
import { periodInstants } from './line-analysis.repository';
import { tenantUsers } from './status-analysis.repository';
import { noCalls } from './user-calls';

/** 内線分析 (4200): each user's calls over a period beside the period before, ranked by calls handled. */
export function createExtensionAnalysisService({ db }: { db: Db }) {
  async function figuresOf(tenantUuid: string, timeZone: string, period: Period) {
    const scope = { tenantUuid, timeZone, ...(await periodInstants(db, timeZone, period)) };
    const [handled, missed] = await Promise.all([handledByUser(db, scope), missedByUser(db, scope)]);
    return (userUuid: string): ExtensionFigures => {
      const { connected, ...calls } = handled.get(userUuid) ?? noCalls();
      return {
        ...calls,
        missed: missed.get(userUuid) ?? 0,
        averageTalk: connected > 0 ? calls.talkSeconds / connected : null,
      };
    };
  }

  return {
    async analyse(tenantUuid: string, request: ExtensionAnalysisRequest): Promise<ExtensionAnalysis> {
      const timeZone = await tenantTimeZone(db, tenantUuid);
      const previous = previousPeriod(request);
      const [users, current, before] = await Promise.all([
        tenantUsers(db, tenantUuid),
        figuresOf(tenantUuid, timeZone, request),
        figuresOf(tenantUuid, timeZone, previous),
      ]);
      const rows = users.map((u) => ({ ...u, current: current(u.userUuid), previous: before(u.userUuid) }));
      // Stable sort: equal counts keep the users' extension order.
      rows.sort((a, b) => callsHandled(b.current) - callsHandled(a.current));
      return { timeZone, previous, rows };
    },
  };
}

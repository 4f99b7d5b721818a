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
import { handledByUserHour, missedByUser } from './extension-analysis.repository';
import { periodInstants } from './line-analysis.repository';
import { tenantUsers } from './status-analysis.repository';

const noFigures = (): ExtensionFigures & { connected: number } => ({
  inbound: 0,
  outbound: 0,
  internal: 0,
  missed: 0,
  talkSeconds: 0,
  averageTalk: null,
  byHour: Array.from({ length: 24 }, () => 0),
  connected: 0,
});

/** 内線分析 (4200): each user's calls over a period beside the period before, ranked by calls handled. */
export function createExtensionAnalysisService({ db }: { db: Db }) {
  async function figuresOf(tenantUuid: string, timeZone: string, period: Period) {
    const scope = { tenantUuid, timeZone, ...(await periodInstants(db, timeZone, period)) };
    const [handled, missed] = await Promise.all([handledByUserHour(db, scope), missedByUser(db, scope)]);
    const byUser = new Map<string, ReturnType<typeof noFigures>>();
    const of = (userUuid: string) => {
      let f = byUser.get(userUuid);
      if (!f) byUser.set(userUuid, (f = noFigures()));
      return f;
    };
    for (const r of handled) {
      const f = of(r.userUuid);
      f.inbound += r.inbound;
      f.outbound += r.outbound;
      f.internal += r.internal;
      f.talkSeconds += r.talkSeconds;
      f.connected += r.connected;
      f.byHour[r.hour] = (f.byHour[r.hour] ?? 0) + r.inbound + r.outbound + r.internal;
    }
    for (const [userUuid, count] of missed) of(userUuid).missed = count;
    return (userUuid: string): ExtensionFigures => {
      const { connected, ...f } = byUser.get(userUuid) ?? noFigures();
      return { ...f, averageTalk: connected > 0 ? f.talkSeconds / connected : null };
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

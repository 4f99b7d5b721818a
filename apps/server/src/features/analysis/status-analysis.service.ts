import {
  occupancy,
  signedInSeconds,
  USER_STATUSES,
  type StatusAnalysis,
  type StatusAnalysisRequest,
  type StatusSeconds,
} from '@tsunagu/contract';
import type { Db } from '../../platform/db/client';
import { tenantTimeZone } from './analysis.repository';
import { statusSeconds, statusStretches, tenantUsers } from './status-analysis.repository';

const noSeconds = (): StatusSeconds => Object.fromEntries(USER_STATUSES.map((s) => [s, 0])) as StatusSeconds;

/** Time in each status per user over a period, 稼働率, and one user's timeline (issue 21, 4300). */
export function createStatusAnalysisService({ db, now = () => new Date() }: { db: Db; now?: () => Date }) {
  return {
    async analyse(tenantUuid: string, request: StatusAnalysisRequest): Promise<StatusAnalysis> {
      const timeZone = await tenantTimeZone(db, tenantUuid);
      const period = { ...request, timeZone, now: now() };
      const userUuid = request.userUuid ?? null;
      const [users, sums, stretches] = await Promise.all([
        tenantUsers(db, tenantUuid),
        statusSeconds(db, tenantUuid, period),
        userUuid ? statusStretches(db, tenantUuid, { ...period, userUuid }) : [],
      ]);
      const byUser = new Map(users.map((u) => [u.userUuid, noSeconds()]));
      for (const s of sums) {
        const seconds = byUser.get(s.userUuid);
        if (seconds) seconds[s.status] += s.seconds;
      }
      const rows = users
        .filter((u) => !request.userUuid || u.userUuid === request.userUuid)
        .map((u) => {
          const seconds = byUser.get(u.userUuid)!;
          return { ...u, seconds, signedInSeconds: signedInSeconds(seconds), occupancy: occupancy(seconds) };
        });
      const timeline = userUuid
        ? stretches.map((s) => ({ status: s.status, start: s.start.toISOString(), end: s.end.toISOString() }))
        : [];
      return { timeZone, rows, timeline };
    },
  };
}

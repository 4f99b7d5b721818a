import { holidaysIn, type LineAnalysis, type LineAnalysisRequest } from '@tsunagu/contract';
import type { Db } from '../../platform/db/client';
import { tenantTimeZone } from './analysis.repository';
import { incomingNumbers, lineFigures, periodInstants } from './line-analysis.repository';

type Parsed = Required<Pick<LineAnalysisRequest, 'grouping' | 'businessHoursOnly' | 'excludeHolidays'>> &
  Omit<LineAnalysisRequest, 'grouping' | 'businessHoursOnly' | 'excludeHolidays'>;

/** 発信着信分析 (4100): the call model's figures over any period, grouped as asked. */
export function createLineAnalysisService({ db }: { db: Db }) {
  return {
    async analyse(tenantUuid: string, request: Parsed): Promise<LineAnalysis> {
      const timeZone = await tenantTimeZone(db, tenantUuid);
      const scope = {
        tenantUuid,
        timeZone,
        ...(await periodInstants(db, timeZone, request)),
        incomingNumber: request.incomingNumber,
        businessHoursOnly: request.businessHoursOnly,
        excludedDays: request.excludeHolidays ? holidaysIn(request) : [],
      };
      const [figures, numbers] = await Promise.all([
        lineFigures(db, scope, request.grouping),
        incomingNumbers(db, tenantUuid),
      ]);
      return { timeZone, ...figures, incomingNumbers: numbers };
    },
  };
}

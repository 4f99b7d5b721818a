import type { Period } from '@tsunagu/contract/analysis/period';
import type { UserInfo } from '@tsunagu/contract/auth';
import { readPeriod, tenantToday } from './period';

/**
 * How long an analysis answer counts as fresh. The screen's route asks for its answer while the screen's
 * code loads (the screens' `prefetch`); the screen, mounting a moment later, shows that answer rather
 * than asking the server a second time, however slowly a busy computer brings the code in. A report over
 * days a minute old is still that report; past it, a screen opened again asks again.
 */
export const ANALYSIS_FRESH_MS = 60_000;

/** The period a screen's prefetch asks for: the URL's, or the tenant's current month, as the screen reads it. */
export const prefetchPeriod = (params: URLSearchParams, user: UserInfo): Period =>
  readPeriod(params, tenantToday(user));

import { endpoints } from '@tsunagu/contract';
import type { Router } from '../../platform/http/router';
import type { FeatureDeps } from '../feature';
import { createDashboardService } from './dashboard.service';
import { createExtensionAnalysisService } from './extension-analysis.service';
import { createLineAnalysisService } from './line-analysis.service';
import { createStatusAnalysisService } from './status-analysis.service';

export function register(router: Router, deps: FeatureDeps): void {
  const status = createStatusAnalysisService(deps);
  const dashboard = createDashboardService(deps);
  router.route(endpoints.dashboard, ({ auth, tenantUuid }) => dashboard.today(auth, tenantUuid));
  const line = createLineAnalysisService(deps);
  router.route(endpoints.lineAnalysis, ({ tenantUuid, body }) => line.analyse(tenantUuid, body));
  const extension = createExtensionAnalysisService(deps);
  router.route(endpoints.extensionAnalysis, ({ tenantUuid, body }) => extension.analyse(tenantUuid, body));
  router.route(endpoints.statusAnalysis, ({ tenantUuid, body }) => status.analyse(tenantUuid, body));
}

import { z } from 'zod';
import { lineAnalysisRequestSchema, lineAnalysisSchema } from '../analysis/calls';
import { extensionAnalysisRequestSchema, extensionAnalysisSchema } from '../analysis/extension';
import { statusAnalysisRequestSchema, statusAnalysisSchema } from '../analysis/status';
import { dashboardSchema } from '../dashboard';
import { endpoint } from './define';

/** Analysis (4100–4300): aggregates over the tenant's calls and its users' status history. */
export const analysisEndpoints = {
  /** Today's figures: the user's own, and the tenant's where `dashboard.tenant.view` allows. */
  dashboard: endpoint({
    method: 'GET',
    path: '/v1/dashboard/:domainUuid',
    capability: 'dashboard.view',
    params: z.object({ domainUuid: z.uuid() }),
    response: dashboardSchema,
  }),
  lineAnalysis: endpoint({
    method: 'POST',
    path: '/v1/analysis/line',
    capability: 'analysis.calls.view',
    body: lineAnalysisRequestSchema,
    response: lineAnalysisSchema,
  }),
  extensionAnalysis: endpoint({
    method: 'POST',
    path: '/v1/analysis/extension',
    capability: 'analysis.extension.view',
    body: extensionAnalysisRequestSchema,
    response: extensionAnalysisSchema,
  }),
  statusAnalysis: endpoint({
    method: 'POST',
    path: '/v1/analysis/status',
    capability: 'analysis.status.view',
    body: statusAnalysisRequestSchema,
    response: statusAnalysisSchema,
  }),
};

import { statusAnalysisRequestSchema, statusAnalysisSchema } from '../analysis/status';
import { endpoint } from './define';

/** Analysis (4100–4300): aggregates over the tenant's calls and its users' status history. */
export const analysisEndpoints = {
  statusAnalysis: endpoint({
    method: 'POST',
    path: '/v1/analysis/status',
    capability: 'analysis.status.view',
    body: statusAnalysisRequestSchema,
    response: statusAnalysisSchema,
  }),
};

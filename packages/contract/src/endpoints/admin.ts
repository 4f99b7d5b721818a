import { z } from 'zod';
import { auditEntrySchema, auditPageSchema, auditQuerySchema } from '../audit';
import { idSchema } from '../pbx/shared';
import { endpoint } from './define';

const tenantParams = z.object({ domainUuid: idSchema });

/** Administration: the audit trail (users and tenants join here). */
export const adminEndpoints = {
  /** One page of the audit trail; a provider may ask for every tenant (allTenants=true). */
  auditList: endpoint({
    method: 'GET',
    path: '/v1/audit/:domainUuid',
    capability: 'audit.view',
    params: tenantParams,
    query: auditQuerySchema,
    response: auditPageSchema,
  }),
  /** The whole filtered trail (up to EXPORT_MAX_ROWS, in the list's order) for the .xlsx export. */
  auditExport: endpoint({
    method: 'GET',
    path: '/v1/audit/:domainUuid/export',
    capability: 'audit.view',
    params: tenantParams,
    query: auditQuerySchema,
    response: z.array(auditEntrySchema),
  }),
};

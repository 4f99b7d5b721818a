import { z } from 'zod';
import { callItemSchema, callPageSchema, callSearchSchema } from '../call-history';
import {
  recallBulkSchema,
  recallCreateSchema,
  recallItemSchema,
  recallPageSchema,
  recallQuerySchema,
} from '../recall';
import { endpoint } from './define';

const tenantParams = z.object({ domainUuid: z.uuid() });

/** The call model's screens: the tenant's call history and the recall list. */
export const callsEndpoints = {
  /** One page of the tenant's calls (one row per call). */
  callSearch: endpoint({
    method: 'POST',
    path: '/v1/cdr/search',
    capability: 'customer.callHistory.view',
    body: callSearchSchema,
    response: callPageSchema,
  }),
  /** The whole filtered history (up to EXPORT_MAX_ROWS, in the list's order) for the .xlsx export. */
  callSearchExport: endpoint({
    method: 'POST',
    path: '/v1/cdr/search/export',
    capability: 'customer.callHistory.view',
    body: callSearchSchema,
    response: z.array(callItemSchema),
  }),
  recallList: endpoint({
    method: 'GET',
    path: '/v1/recall/:domainUuid',
    capability: 'recall.manage',
    params: tenantParams,
    query: recallQuerySchema,
    response: recallPageSchema,
  }),
  recallExport: endpoint({
    method: 'GET',
    path: '/v1/recall/:domainUuid/export',
    capability: 'recall.manage',
    params: tenantParams,
    query: recallQuerySchema,
    response: z.array(recallItemSchema),
  }),
  /** An item made by hand (from a record, a call or a note). */
  recallCreate: endpoint({
    method: 'POST',
    path: '/v1/recall',
    capability: 'recall.manage',
    multiLine: ['reason'],
    body: recallCreateSchema,
    response: recallItemSchema,
  }),
  recallBulk: endpoint({
    method: 'POST',
    path: '/v1/recall/bulk',
    capability: 'recall.manage',
    body: recallBulkSchema,
    response: z.object({ updated: z.number() }),
  }),
  recallDone: endpoint({
    method: 'POST',
    path: '/v1/recall/:recallUuid/done',
    capability: 'recall.manage',
    params: z.object({ recallUuid: z.uuid() }),
    response: recallItemSchema,
  }),
};

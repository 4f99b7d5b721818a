import { z } from 'zod';
import { EXPORT_MAX_ROWS } from '../paging';
import { idSchema } from '../pbx/shared';
import {
  customerDeleteSchema,
  customerListItemSchema,
  customerPageSchema,
  customerQuerySchema,
  customerSaveSchema,
  customerSchema,
  postalAddressSchema,
} from '../crm/customer';
import { layoutRecordSchema, layoutSchema } from '../crm/layout';
import { callerCardSchema, customerLookupSchema, noteSaveSchema, noteSchema } from '../crm/notes';
import { importPreviewSchema, importResultSchema } from '../crm/import';
import { endpoint, MULTIPART, noData } from './define';

const tenantParams = z.object({ domainUuid: idSchema });
/** A number in a path: any spelling (the server normalises it; a non-number is a 400). */
const numberParams = z.object({ domainUuid: idSchema, number: z.string().min(1).max(40) });

/** Customers, their call notes and the customer-screen layout. */
export const customerEndpoints = {
  /** One page of the tenant's customers (q over names, furigana and numbers; 五十音順 by default). */
  customerList: endpoint({
    method: 'GET',
    path: '/v1/customer/list/:domainUuid',
    capability: 'customer.view',
    params: tenantParams,
    query: customerQuerySchema,
    response: customerPageSchema,
  }),
  /** The whole filtered list in its order (up to EXPORT_MAX_ROWS) for the .xlsx export. */
  customerExport: endpoint({
    method: 'GET',
    path: '/v1/customer/list/:domainUuid/export',
    capability: 'customer.view',
    params: tenantParams,
    query: customerQuerySchema,
    response: z.array(customerListItemSchema).max(EXPORT_MAX_ROWS),
  }),
  /** The record a number leads to: the customer and their timeline, or none (the registration form). */
  customerByNumber: endpoint({
    method: 'GET',
    path: '/v1/customer/number/:domainUuid/:number',
    capability: 'customer.view',
    params: numberParams,
    response: customerLookupSchema,
  }),
  /** One customer by id (the list's edit dialog). */
  customerGet: endpoint({
    method: 'GET',
    path: '/v1/customer/:domainUuid/:customerUuid',
    capability: 'customer.view',
    params: z.object({ domainUuid: idSchema, customerUuid: idSchema }),
    response: customerSchema,
  }),
  /** What the incoming-call pop-up shows of a ringing number (any signed-in user of the tenant). */
  customerCaller: endpoint({
    method: 'GET',
    path: '/v1/customer/caller/:domainUuid/:number',
    params: numberParams,
    response: callerCardSchema,
  }),
  /** Creates a customer, or updates the version the editor read (409 when someone saved meanwhile). */
  customerSave: endpoint({
    method: 'POST',
    path: '/v1/customer',
    capability: 'customer.edit',
    multiLine: ['memo'],
    body: customerSaveSchema,
    response: customerSchema,
  }),
  customerDelete: endpoint({
    method: 'DELETE',
    path: '/v1/customer/:customerUuid',
    capability: 'customer.edit',
    params: z.object({ customerUuid: idSchema }),
    response: noData,
  }),
  customerBulkDelete: endpoint({
    method: 'POST',
    path: '/v1/customer/delete',
    capability: 'customer.edit',
    body: customerDeleteSchema,
    response: z.object({ deleted: z.number() }),
  }),
  /** Writes a call note (on a call, or on the customer or number alone). */
  customerNote: endpoint({
    method: 'POST',
    path: '/v1/customer/note',
    capability: 'customer.note',
    multiLine: ['body'],
    body: noteSaveSchema,
    response: noteSchema,
  }),
  /** The users a customer may be assigned to (the owner select). */
  customerOwners: endpoint({
    method: 'GET',
    path: '/v1/customer/owners/:domainUuid',
    capability: 'customer.edit',
    params: tenantParams,
    response: z.array(z.object({ userUuid: z.string(), name: z.string() })),
  }),
  /** Postal code → prefecture and towns. */
  customerPostal: endpoint({
    method: 'GET',
    path: '/v1/customer/postal/:code',
    capability: 'customer.edit',
    params: z.object({ code: z.string().max(20) }),
    response: postalAddressSchema,
  }),
  /** Reads an import file ('file' part) with the options ('options' part, JSON): preview and dry run. */
  customerImportPreview: endpoint({
    method: 'POST',
    path: '/v1/customer/import/preview',
    capability: 'customer.import',
    body: MULTIPART,
    response: importPreviewSchema,
  }),
  /**
   * Imports the file as previewed, in one transaction; answers the counts and the refused rows, with the
   * rows checked and written so far while it works (progress.ts).
   */
  customerImportCommit: endpoint({
    method: 'POST',
    path: '/v1/customer/import/commit',
    capability: 'customer.import',
    body: MULTIPART,
    response: importResultSchema,
    progress: true,
  }),
  /** The tenant's customer-screen layout (the default until one is saved). */
  layoutGet: endpoint({
    method: 'GET',
    path: '/v1/layout/:domainUuid',
    capability: 'customer.layout.view',
    params: tenantParams,
    response: layoutRecordSchema,
  }),
  layoutSave: endpoint({
    method: 'POST',
    path: '/v1/layout',
    capability: 'customer.layout.edit',
    body: z.object({ domainUuid: idSchema, version: z.number().int().min(0), layout: layoutSchema }),
    response: layoutRecordSchema,
  }),
};

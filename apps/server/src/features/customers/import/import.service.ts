import { randomUUID } from 'node:crypto';
import { can } from '@tsunagu/contract';
import { Refusal } from '@tsunagu/contract/refusal';
import { MAX_CUSTOMER_NUMBERS } from '@tsunagu/contract/crm/customer';
import {
  IMPORT_PREVIEW_ROWS,
  type ImportField,
  type ImportPreview,
  type ImportResult,
} from '@tsunagu/contract/crm/import';
import type { Auth } from '../../../platform/auth/auth-context';
import { auditedTransaction, type Actor } from '../../../platform/audit/audited-transaction';
import type { Db, Tx } from '../../../platform/db/client';
import type { ReportProgress } from '../../../platform/http/progress-answer';
import {
  customersWithNumbers,
  findCustomer,
  insertCustomers,
  updateCustomer,
  type CustomerValues,
} from '../customers.repository';
import { readImportMapping, writeImportMapping } from '../layout.repository';
import { readImportFile } from './import-file';
import {
  countsOf,
  planRows,
  proposeMapping,
  readRows,
  refusedOf,
  type PlannedRow,
  type ReadRow,
} from './import-plan';
import type { ImportUpload } from './import-upload';

/** The tenant an upload's options name: the router cannot see inside a multipart body, so the same rule runs here. */
function uploadTenant(auth: Auth, named: string): string {
  if (named === auth.domainUuid) return auth.domainUuid;
  if (!can(auth, 'tenant.manage')) throw new Refusal('forbidden', 'otherTenant');
  return named;
}

/** The customer fields a mapped import field fills on update (numbers are merged instead). */
const UPDATED_FIELDS: Partial<Record<ImportField, keyof CustomerValues>> = {
  company: 'company',
  companyKana: 'companyKana',
  person: 'person',
  personKana: 'personKana',
  department: 'department',
  email: 'email',
  postalCode: 'postalCode',
  prefecture: 'prefecture',
  address: 'address',
  memo: 'memo',
};

/** An existing customer updated from a row: the row's non-empty mapped cells win; its new numbers are added. */
async function applyUpdate(tx: Tx, tenantUuid: string, planned: PlannedRow, username: string): Promise<void> {
  const current = await findCustomer(tx, tenantUuid, planned.target!);
  if (!current || !planned.values) return;
  const {
    customerUuid: _id,
    ownerName: _owner,
    version,
    updatedAt: _at,
    updatedBy: _by,
    ...values
  } = current;
  const merged: CustomerValues = { ...values, tags: [...values.tags] };
  for (const [, key] of Object.entries(UPDATED_FIELDS)) {
    const value = planned.values[key];
    if (typeof value === 'string' && value !== '')
      (merged as unknown as Record<string, unknown>)[key] = value;
  }
  for (const tag of planned.values.tags) if (!merged.tags.includes(tag)) merged.tags.push(tag);
  const numbers = [...current.numbers];
  for (const n of planned.values.numbers) {
    if (!numbers.some((m) => m.number === n.number) && numbers.length < MAX_CUSTOMER_NUMBERS) numbers.push(n);
  }
  await updateCustomer(tx, tenantUuid, current.customerUuid, version, { ...merged, numbers }, username);
}

/** Rows read between two yields to the event loop: a 100,000-row file must not stall other requests. */
const READ_SLICE = 2_000;
/** Updated rows between two progress lines. */
const UPDATE_REPORT = 100;
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The import: read the file, plan every row against the tenant's numbers, then write it all at once. */
export function createImportService({ db }: { db: Db }) {
  async function plan(tenantUuid: string, upload: ImportUpload, report: ReportProgress = () => undefined) {
    const table = await readImportFile(upload.file);
    const mapping =
      upload.options.mapping ?? proposeMapping(table.headers, await readImportMapping(db, tenantUuid));
    const fields = new Set(Object.values(mapping));
    const total = table.rows.length;
    const read: ReadRow[] = [];
    for (let from = 0; from < total; from += READ_SLICE) {
      report('check', from, total);
      read.push(...readRows(table.headers, table.rows, mapping, from, from + READ_SLICE));
      await yieldToOthers();
    }
    const keys = read.flatMap((r) => ('values' in r ? r.values.numbers.map((n) => n.number) : []));
    const known = await customersWithNumbers(db, tenantUuid, [...new Set(keys)]);
    report('check', total, total);
    const rows = planRows(read, upload.options.policy, known);
    return { table, mapping, rows, named: fields.has('company') || fields.has('person') };
  }

  return {
    /** The headers, the mapping, the first rows with their outcome and the dry run of the whole file. */
    async preview(auth: Auth, upload: ImportUpload): Promise<ImportPreview> {
      const tenantUuid = uploadTenant(auth, upload.options.domainUuid);
      const { table, mapping, rows } = await plan(tenantUuid, upload);
      return {
        encoding: table.encoding,
        headers: table.headers,
        mapping,
        rows: rows
          .slice(0, IMPORT_PREVIEW_ROWS)
          .map(({ row, cells, outcome, reason }) => ({ row, cells, outcome, reason })),
        counts: countsOf(rows),
        refused: refusedOf(rows),
      };
    },

    /**
     * Writes the new and updated rows in one transaction (a failure leaves the tenant as it was), remembers
     * the mapping, and answers the counts and the refused rows.
     */
    async commit(
      actor: Actor,
      upload: ImportUpload,
      report: ReportProgress = () => undefined,
    ): Promise<ImportResult> {
      const tenantUuid = uploadTenant(actor.auth, upload.options.domainUuid);
      const { mapping, rows, named } = await plan(tenantUuid, upload, report);
      if (!named) throw new Refusal('invalid', 'importNoNameColumn');
      const counts = countsOf(rows);
      const username = actor.auth.username;
      const added = rows
        .filter((p) => p.outcome === 'new')
        .map((p) => ({ customerUuid: randomUUID(), values: p.values! }));
      const updated = rows.filter((p) => p.outcome === 'update');
      const total = added.length + updated.length;
      await auditedTransaction(db, { actor, tenantUuid, action: 'customer.import' }, async (tx) => {
        report('write', 0, total);
        await insertCustomers(tx, tenantUuid, added, username, (written) => report('write', written, total));
        for (const [i, p] of updated.entries()) {
          await applyUpdate(tx, tenantUuid, p, username);
          if ((i + 1) % UPDATE_REPORT === 0 || i + 1 === updated.length)
            report('write', added.length + i + 1, total);
        }
        await writeImportMapping(tx, tenantUuid, mapping);
        return { target: tenantUuid, detail: { ...counts, policy: upload.options.policy } };
      });
      return { counts, refused: refusedOf(rows) };
    },
  };
}
export type ImportService = ReturnType<typeof createImportService>;

import { customerFieldsSchema, type CustomerNumber } from '@tsunagu/contract/crm/customer';
import {
  IMPORT_FIELD_KEYS,
  IMPORT_HEADER_SYNONYMS,
  IMPORT_NUMBER_FIELDS,
  importMessages,
  type DuplicatePolicy,
  type ImportCounts,
  type ImportField,
  type ImportOutcome,
  type RefusedRow,
} from '@tsunagu/contract/crm/import';
import { normalizePhoneNumber } from '@tsunagu/contract/phone-number';
import type { CustomerValues } from '../customers.repository';

/** Header text as compared with the synonyms: NFKC, no spaces, lower case. */
const headerForm = (text: string) => text.normalize('NFKC').replace(/\s/g, '').toLowerCase();

/**
 * The mapping to propose for a file's headers: the tenant's last mapping where it names a header, else
 * the field whose synonyms include the header; each field at most once.
 */
export function proposeMapping(
  headers: readonly string[],
  last: Record<string, string>,
): Record<string, string> {
  const mapping: Record<string, string> = {};
  const taken = new Set<string>();
  for (const header of headers) {
    const remembered = last[header];
    if (remembered !== undefined && (remembered === '' || !taken.has(remembered))) {
      mapping[header] = remembered;
      if (remembered) taken.add(remembered);
    }
  }
  for (const header of headers) {
    if (mapping[header] !== undefined) continue;
    const form = headerForm(header);
    const field = IMPORT_FIELD_KEYS.find(
      (key) => !taken.has(key) && IMPORT_HEADER_SYNONYMS[key].some((s) => headerForm(s) === form),
    );
    mapping[header] = field ?? '';
    if (field) taken.add(field);
  }
  return mapping;
}

/** One row's fate under the policy. */
export interface PlannedRow {
  row: number;
  cells: string[];
  outcome: ImportOutcome;
  reason: string;
  values?: CustomerValues;
  /** The customer an 'update' row updates. */
  target?: string;
}

/** The row's values under the mapping: one cell per field (the first column mapped to it). */
function fieldCells(headers: readonly string[], mapping: Record<string, string>, cells: string[]) {
  const byField = new Map<ImportField, string>();
  headers.forEach((header, i) => {
    const field = mapping[header] as ImportField | '' | undefined;
    if (field && !byField.has(field)) byField.set(field, cells[i] ?? '');
  });
  return byField;
}

/** The customer values of a row, or why it is refused. */
function valuesOf(cells: Map<ImportField, string>): { values: CustomerValues } | { reason: string } {
  const get = (field: ImportField) => cells.get(field) ?? '';
  const numbers: CustomerNumber[] = [];
  for (const [field, label] of Object.entries(IMPORT_NUMBER_FIELDS) as [
    ImportField,
    CustomerNumber['label'],
  ][]) {
    const text = get(field);
    if (text === '') continue;
    const key = normalizePhoneNumber(text);
    if (key === null) return { reason: importMessages.numberInvalid(text) };
    if (!numbers.some((n) => n.number === key)) numbers.push({ label, number: key });
  }
  if (get('company') === '' && get('person') === '') return { reason: importMessages.nameMissing };
  const parsed = customerFieldsSchema.safeParse({
    company: get('company'),
    companyKana: get('companyKana'),
    person: get('person'),
    personKana: get('personKana'),
    department: get('department'),
    numbers: [],
    email: get('email'),
    postalCode: get('postalCode'),
    prefecture: get('prefecture'),
    address: get('address'),
    tags: get('tags')
      .split(/[,、，]/)
      .map((tag) => tag.trim())
      .filter((tag) => tag !== ''),
    memo: get('memo'),
  });
  if (!parsed.success) return { reason: parsed.error.issues[0]?.message ?? importMessages.rowInvalid };
  const { custom: _custom, numbers: _numbers, ...fields } = parsed.data;
  return { values: { ...fields, numbers, custom: {} } };
}

/** A row as read: its values, or why it is refused. */
export type ReadRow = Pick<PlannedRow, 'row' | 'cells'> & ({ values: CustomerValues } | { reason: string });

/**
 * Reads rows `from`..`to` (0-based, of the data rows) under the mapping: numbers normalised and fields
 * checked, the costly part of an import. Rows are numbered as lines of the file (the header is 1).
 */
export function readRows(
  headers: readonly string[],
  rows: readonly string[][],
  mapping: Record<string, string>,
  from = 0,
  to = rows.length,
): ReadRow[] {
  return rows.slice(from, to).map((cells, i) => ({
    row: from + i + 2,
    cells,
    ...valuesOf(fieldCells(headers, mapping, cells)),
  }));
}

/**
 * Every row's outcome: refused (its reason), or new / update / skip by the policy when one of its numbers
 * is already a customer's (`known`: key → customer). A number on an earlier row of the file refuses the
 * later row (a duplicate inside the file).
 */
export function planRows(
  read: readonly ReadRow[],
  policy: DuplicatePolicy,
  known: ReadonlyMap<string, string>,
): PlannedRow[] {
  const firstRowOf = new Map<string, number>();
  return read.map((r): PlannedRow => {
    const { row, cells } = r;
    if ('reason' in r) return { row, cells, outcome: 'refused', reason: r.reason };
    const { values } = r;
    const earlier = values.numbers.map((n) => firstRowOf.get(n.number)).find((e) => e !== undefined);
    if (earlier !== undefined)
      return { row, cells, outcome: 'refused', reason: importMessages.duplicateInFile(earlier) };
    for (const n of values.numbers) firstRowOf.set(n.number, row);
    const target = values.numbers.map((n) => known.get(n.number)).find((id) => id !== undefined);
    if (target === undefined || policy === 'add') return { row, cells, outcome: 'new', reason: '', values };
    if (policy === 'skip') return { row, cells, outcome: 'skip', reason: importMessages.numberKnown };
    return { row, cells, outcome: 'update', reason: '', values, target };
  });
}

export function countsOf(plan: readonly PlannedRow[]): ImportCounts {
  const count = (outcome: ImportOutcome) => plan.filter((p) => p.outcome === outcome).length;
  return {
    total: plan.length,
    new: count('new'),
    updated: count('update'),
    skipped: count('skip'),
    refused: count('refused'),
  };
}

export function refusedOf(plan: readonly PlannedRow[]): RefusedRow[] {
  return plan
    .filter((p) => p.outcome === 'refused')
    .map(({ row, reason, cells }) => ({ row, reason, cells }));
}

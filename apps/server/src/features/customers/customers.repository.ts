import type { Customer, CustomerListItem, CustomerNumber, NumberLabel } from '@tsunagu/contract/crm/customer';
import type { CUSTOMER_SORT_FIELDS } from '@tsunagu/contract/crm/customer';
import type { PageSort } from '@tsunagu/contract/paging';
import { and, asc, eq, exists, inArray, like, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { containsPattern, searchForm, searchTextOf, sortKeyOf } from '../../platform/crm/customer-text';
import type { Conn } from '../../platform/db/client';
import { pageOrder, readKeysetRows, type KeysetList, type PageAnchor } from '../../platform/db/paging';
import {
  calls,
  customerCounts,
  customerNumbers,
  customers,
  recallItems,
  users,
} from '../../platform/db/schema';

type CustomerRow = typeof customers.$inferSelect;
type SortField = (typeof CUSTOMER_SORT_FIELDS)[number];

const SORT_COLUMNS: Record<SortField, AnyColumn> = {
  kana: customers.sortKey,
  company: customers.company,
  person: customers.person,
  updatedAt: customers.updatedAt,
};

/** The values a save writes (the derived sort and search text are computed here). */
export interface CustomerValues {
  company: string;
  companyKana: string;
  person: string;
  personKana: string;
  department: string;
  email: string;
  postalCode: string;
  prefecture: string;
  address: string;
  ownerUuid: string | null;
  tags: string[];
  memo: string;
  custom: Record<string, unknown>;
  numbers: CustomerNumber[];
}

function columnsOf(values: CustomerValues) {
  const { numbers: _numbers, ...fields } = values;
  return { ...fields, sortKey: sortKeyOf(values), searchText: searchTextOf(values) };
}

/** The list's search: names and furigana (either kana script), and numbers by any run of their digits. */
function searchCondition(tenantUuid: string, q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const text = searchForm(q);
  const digits = q.normalize('NFKC').replace(/[\s\-‐‑–—―−ー()（）+]/g, '');
  const byNumber = /^\d{2,}$/.test(digits)
    ? exists(
        sql`(SELECT 1 FROM ${customerNumbers} WHERE ${customerNumbers.customerUuid} = ${customers.customerUuid}
                AND ${customerNumbers.domainUuid} = ${tenantUuid}
                AND ${like(customerNumbers.numberKey, containsPattern(digits))})`,
      )
    : undefined;
  return or(like(customers.searchText, containsPattern(text)), byNumber);
}

function conditions(tenantUuid: string, q: string | undefined): SQL | undefined {
  return and(eq(customers.domainUuid, tenantUuid), searchCondition(tenantUuid, q));
}

/** Each customer's numbers in their order. */
async function numbersOf(conn: Conn, customerUuids: string[]): Promise<Map<string, CustomerNumber[]>> {
  const byCustomer = new Map<string, CustomerNumber[]>(customerUuids.map((id) => [id, []]));
  if (customerUuids.length === 0) return byCustomer;
  const rows = await conn
    .select()
    .from(customerNumbers)
    .where(inArray(customerNumbers.customerUuid, customerUuids))
    .orderBy(asc(customerNumbers.customerUuid), asc(customerNumbers.position));
  for (const row of rows) {
    byCustomer.get(row.customerUuid)?.push({ label: row.label as NumberLabel, number: row.numberKey });
  }
  return byCustomer;
}

const ownerName = sql<string>`coalesce(nullif(${users.userNm}, ''), ${users.username}, '')`;

function customerOf(row: CustomerRow, owner: string | null, numbers: CustomerNumber[]): Customer {
  return {
    customerUuid: row.customerUuid,
    company: row.company,
    companyKana: row.companyKana,
    person: row.person,
    personKana: row.personKana,
    department: row.department,
    numbers,
    email: row.email,
    postalCode: row.postalCode,
    prefecture: row.prefecture,
    address: row.address,
    ownerUuid: row.ownerUuid,
    ownerName: owner ?? '',
    tags: row.tags,
    memo: row.memo,
    custom: row.custom,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
  };
}

/** Customers matching the search, in the sort's order (customer_uuid breaks ties). */
export function customerRows(
  conn: Conn,
  tenantUuid: string,
  q: string | undefined,
  sort: PageSort<SortField>,
  window: { limit: number; offset: number },
): Promise<CustomerListItem[]> {
  return listItems(
    conn,
    tenantUuid,
    conditions(tenantUuid, q),
    pageOrder(SORT_COLUMNS, customers.customerUuid, sort),
    window,
  );
}

/**
 * One page of the tenant's whole list (no search) whose total is known, read by keyset
 * (platform/db/paging.ts): the page's ids come index-only from the customers_*_idx of 0017, walked from
 * the nearer end or from the anchor's row, so a deep page costs what the first one does; then those rows
 * alone are read in full.
 */
export function keysetCustomerRows(
  conn: Conn,
  tenantUuid: string,
  sort: PageSort<SortField>,
  total: number,
  page: { page: number; size: number; anchor: PageAnchor | null },
): Promise<CustomerListItem[]> {
  const list: KeysetList = {
    table: customers,
    columns: { key: SORT_COLUMNS[sort.field], id: customers.customerUuid },
    tenant: { column: customers.domainUuid, uuid: tenantUuid },
    descending: sort.direction === 'desc',
  };
  return readKeysetRows(conn, list, total, page, (ids, orderBy) =>
    listItems(
      conn,
      tenantUuid,
      and(eq(customers.domainUuid, tenantUuid), inArray(customers.customerUuid, ids)),
      orderBy,
      { limit: page.size, offset: 0 },
    ),
  );
}

/** The tenant's number of customers, from the counter the triggers of migration 0026 keep. */
export async function customerCount(conn: Conn, tenantUuid: string): Promise<number> {
  const [row] = await conn
    .select({ customers: customerCounts.customers })
    .from(customerCounts)
    .where(eq(customerCounts.domainUuid, tenantUuid));
  return row?.customers ?? 0;
}

/** The list's rows (with owner, last call and open recalls) of the customers `where` selects. */
async function listItems(
  conn: Conn,
  tenantUuid: string,
  where: SQL | undefined,
  orderBy: SQL[],
  window: { limit: number; offset: number },
): Promise<CustomerListItem[]> {
  const keysOfCustomer = sql`(SELECT ${customerNumbers.numberKey} FROM ${customerNumbers}
    WHERE ${customerNumbers.customerUuid} = ${customers.customerUuid})`;
  const rows = await conn
    .select({
      customer: customers,
      owner: ownerName,
      lastCallAt: sql<Date | null>`(SELECT max(${calls.startStamp}) FROM ${calls}
        WHERE ${calls.domainUuid} = ${tenantUuid} AND ${calls.outsideKey} IN ${keysOfCustomer})`.mapWith(
        (value: string | Date | null) => (value === null ? null : new Date(value)),
      ),
      openRecalls: sql<number>`(SELECT count(*) FROM ${recallItems}
        WHERE ${recallItems.domainUuid} = ${tenantUuid} AND ${recallItems.state} = 'open'
          AND ${recallItems.numberKey} IN ${keysOfCustomer})`.mapWith(Number),
    })
    .from(customers)
    .leftJoin(users, eq(users.userUuid, customers.ownerUuid))
    .where(where)
    .orderBy(...orderBy)
    .limit(window.limit)
    .offset(window.offset);
  const numbers = await numbersOf(
    conn,
    rows.map((r) => r.customer.customerUuid),
  );
  return rows.map(({ customer, owner, lastCallAt, openRecalls }) => {
    const full = customerOf(customer, owner, numbers.get(customer.customerUuid) ?? []);
    return {
      customerUuid: full.customerUuid,
      company: full.company,
      companyKana: full.companyKana,
      person: full.person,
      personKana: full.personKana,
      department: full.department,
      numbers: full.numbers,
      email: full.email,
      ownerName: full.ownerName,
      tags: full.tags,
      updatedAt: full.updatedAt,
      lastCallAt: lastCallAt?.toISOString() ?? null,
      openRecalls,
    };
  });
}

/** How many customers match the search. */
export async function customerTotal(conn: Conn, tenantUuid: string, q: string | undefined): Promise<number> {
  const [row] = await conn
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(customers)
    .where(conditions(tenantUuid, q));
  return row?.n ?? 0;
}

/** One customer of the tenant, or null (another tenant's customer is not found). */
export async function findCustomer(
  conn: Conn,
  tenantUuid: string,
  customerUuid: string,
): Promise<Customer | null> {
  const [row] = await conn
    .select({ customer: customers, owner: ownerName })
    .from(customers)
    .leftJoin(users, eq(users.userUuid, customers.ownerUuid))
    .where(and(eq(customers.domainUuid, tenantUuid), eq(customers.customerUuid, customerUuid)));
  if (!row) return null;
  const numbers = await numbersOf(conn, [customerUuid]);
  return customerOf(row.customer, row.owner, numbers.get(customerUuid) ?? []);
}

/** Customers holding any of the keys (the import's duplicate check), by key. */
export async function customersWithNumbers(
  conn: Conn,
  tenantUuid: string,
  keys: readonly string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (keys.length === 0) return found;
  // The keys as one array parameter: an import's 200,000 numbers are one statement (a hash join), not
  // hundreds of IN lists.
  const rows = await conn
    .select({ key: customerNumbers.numberKey, customerUuid: customerNumbers.customerUuid })
    .from(customerNumbers)
    .where(
      and(
        eq(customerNumbers.domainUuid, tenantUuid),
        sql`${customerNumbers.numberKey} = ANY(${sql.param([...keys])}::text[])`,
      ),
    );
  for (const row of rows) if (!found.has(row.key)) found.set(row.key, row.customerUuid);
  return found;
}

async function writeNumbers(conn: Conn, tenantUuid: string, customerUuid: string, numbers: CustomerNumber[]) {
  await conn.delete(customerNumbers).where(eq(customerNumbers.customerUuid, customerUuid));
  if (numbers.length === 0) return;
  await conn.insert(customerNumbers).values(
    numbers.map((n, position) => ({
      customerUuid,
      position,
      domainUuid: tenantUuid,
      label: n.label,
      numberKey: n.number,
    })),
  );
}

export async function insertCustomer(
  conn: Conn,
  tenantUuid: string,
  customerUuid: string,
  values: CustomerValues,
  username: string,
): Promise<void> {
  await conn
    .insert(customers)
    .values({ customerUuid, domainUuid: tenantUuid, ...columnsOf(values), updatedBy: username });
  await writeNumbers(conn, tenantUuid, customerUuid, values.numbers);
}

/**
 * Updates the customer if it is still at the version read; false when it is not (someone saved
 * meanwhile, or it is gone / another tenant's).
 */
export async function updateCustomer(
  conn: Conn,
  tenantUuid: string,
  customerUuid: string,
  version: number,
  values: CustomerValues,
  username: string,
): Promise<boolean> {
  const updated = await conn
    .update(customers)
    .set({ ...columnsOf(values), version: version + 1, updatedAt: new Date(), updatedBy: username })
    .where(
      and(
        eq(customers.domainUuid, tenantUuid),
        eq(customers.customerUuid, customerUuid),
        eq(customers.version, version),
      ),
    )
    .returning({ customerUuid: customers.customerUuid });
  if (updated.length === 0) return false;
  await writeNumbers(conn, tenantUuid, customerUuid, values.numbers);
  return true;
}

/** Whether the tenant has the customer. */
export async function customerExists(conn: Conn, tenantUuid: string, customerUuid: string): Promise<boolean> {
  const [row] = await conn
    .select({ id: customers.customerUuid })
    .from(customers)
    .where(and(eq(customers.domainUuid, tenantUuid), eq(customers.customerUuid, customerUuid)));
  return row !== undefined;
}

/** Deletes the tenant's customers among the ids; returns those deleted (numbers go with them). */
export async function deleteCustomers(
  conn: Conn,
  tenantUuid: string,
  customerUuids: string[],
): Promise<string[]> {
  const rows = await conn
    .delete(customers)
    .where(and(eq(customers.domainUuid, tenantUuid), inArray(customers.customerUuid, customerUuids)))
    .returning({ customerUuid: customers.customerUuid });
  return rows.map((r) => r.customerUuid);
}

/** Whether the user belongs to the tenant (an owner must). */
export async function isTenantUser(conn: Conn, tenantUuid: string, userUuid: string): Promise<boolean> {
  const [row] = await conn
    .select({ id: users.userUuid })
    .from(users)
    .where(and(eq(users.domainUuid, tenantUuid), eq(users.userUuid, userUuid)));
  return row !== undefined;
}

/** The tenant's enabled users by display name (else login ID), for the owner select. */
export async function tenantUsers(
  conn: Conn,
  tenantUuid: string,
): Promise<{ userUuid: string; name: string }[]> {
  const name = sql<string>`coalesce(nullif(${users.userNm}, ''), ${users.username})`;
  return conn
    .select({ userUuid: users.userUuid, name })
    .from(users)
    .where(and(eq(users.domainUuid, tenantUuid), eq(users.enabled, true)))
    .orderBy(name, users.userUuid);
}

/** Inserts many new customers and their numbers (an import), a few hundred rows per statement. */
export async function insertCustomers(
  conn: Conn,
  tenantUuid: string,
  rows: readonly { customerUuid: string; values: CustomerValues }[],
  username: string,
  /** Told how many rows are written after each statement. */
  written: (count: number) => void = () => undefined,
): Promise<void> {
  // Each column an array parameter, unnested by the database: building a statement of thousands of rows'
  // parameters in JavaScript cost more than PostgreSQL writing them (an import of 100,000 rows).
  const CHUNK = 500;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    // One parameter per column (a bare array would become a list of parameters).
    const column = <T>(of: (row: { customerUuid: string; values: CustomerValues }) => T) =>
      sql.param(chunk.map(of));
    const text = (of: (values: CustomerValues) => string) => column(({ values }) => of(values));
    await conn.execute(sql`
      INSERT INTO ${customers} (customer_uuid, domain_uuid, company, company_kana, person, person_kana,
        department, email, postal_code, prefecture, address, owner_uuid, tags, memo, custom, sort_key,
        search_text, updated_by)
      SELECT u.customer_uuid, ${tenantUuid}, u.company, u.company_kana, u.person, u.person_kana,
        u.department, u.email, u.postal_code, u.prefecture, u.address, u.owner_uuid, u.tags, u.memo, u.custom,
        u.sort_key, u.search_text, ${username}
      FROM unnest(${column((r) => r.customerUuid)}::uuid[], ${text((v) => v.company)}::text[],
        ${text((v) => v.companyKana)}::text[], ${text((v) => v.person)}::text[], ${text((v) => v.personKana)}::text[],
        ${text((v) => v.department)}::text[], ${text((v) => v.email)}::text[], ${text((v) => v.postalCode)}::text[],
        ${text((v) => v.prefecture)}::text[], ${text((v) => v.address)}::text[],
        ${column(({ values }) => values.ownerUuid)}::uuid[], ${text((v) => JSON.stringify(v.tags))}::jsonb[],
        ${text((v) => v.memo)}::text[], ${text((v) => JSON.stringify(v.custom))}::jsonb[],
        ${text((v) => sortKeyOf(v))}::text[], ${text((v) => searchTextOf(v))}::text[])
        AS u(customer_uuid, company, company_kana, person, person_kana, department, email, postal_code,
          prefecture, address, owner_uuid, tags, memo, custom, sort_key, search_text)`);
    const numbers = chunk.flatMap(({ customerUuid, values }) =>
      values.numbers.map((n, position) => ({ customerUuid, position, label: n.label, key: n.number })),
    );
    if (numbers.length > 0) {
      await conn.execute(sql`
        INSERT INTO ${customerNumbers} (customer_uuid, position, domain_uuid, label, number_key)
        SELECT u.customer_uuid, u.position, ${tenantUuid}, u.label, u.number_key
        FROM unnest(${sql.param(numbers.map((n) => n.customerUuid))}::uuid[],
          ${sql.param(numbers.map((n) => n.position))}::int[], ${sql.param(numbers.map((n) => n.label))}::text[],
          ${sql.param(numbers.map((n) => n.key))}::text[])
          AS u(customer_uuid, position, label, number_key)`);
    }
    written(i + chunk.length);
  }
}

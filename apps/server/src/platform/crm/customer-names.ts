import { normalizePhoneNumber } from '@tsunagu/contract/phone-number';
import { customerName } from '@tsunagu/contract/crm/customer';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Conn } from '../db/client';
import { preparedOn } from '../db/prepared';
import { customerNumbers, customers } from '../db/schema';

/**
 * Number → customer, for every feature that shows a number with a name (the call histories, the
 * incoming-call pop-up). A number of several customers names the one saved last.
 */

const byKey = preparedOn((conn) =>
  conn
    .select({ customer: customers })
    .from(customerNumbers)
    .innerJoin(customers, eq(customers.customerUuid, customerNumbers.customerUuid))
    .where(
      and(
        eq(customerNumbers.domainUuid, sql.placeholder('tenant')),
        eq(customerNumbers.numberKey, sql.placeholder('key')),
      ),
    )
    .orderBy(desc(customers.updatedAt))
    .limit(1)
    .prepare('customer_by_number_key'),
);

export type CustomerOfNumber = typeof customers.$inferSelect;

/** The customer a normalised number belongs to, or null: one read of customer_numbers_key_idx. */
export async function customerOfNumber(
  conn: Conn,
  tenantUuid: string,
  key: string,
): Promise<CustomerOfNumber | null> {
  const [row] = await byKey(conn).execute({ tenant: tenantUuid, key });
  return row?.customer ?? null;
}

/** The customers of a page's numbers (read on every page of the histories and the recall list). */
const namesByKeys = preparedOn((conn) =>
  conn
    .selectDistinctOn([customerNumbers.numberKey], {
      key: customerNumbers.numberKey,
      company: customers.company,
      person: customers.person,
    })
    .from(customerNumbers)
    .innerJoin(customers, eq(customers.customerUuid, customerNumbers.customerUuid))
    .where(
      and(
        eq(customerNumbers.domainUuid, sql.placeholder('tenant')),
        sql`${customerNumbers.numberKey} = ANY(${sql.placeholder('keys')}::text[])`,
      ),
    )
    .orderBy(customerNumbers.numberKey, desc(customers.updatedAt))
    .prepare('customer_names_by_keys'),
);

/**
 * The customer names of numbers as they were dialled or presented (any spelling), keyed by that text;
 * numbers of no customer are absent. One statement for a whole page of calls.
 */
export async function customerNamesOf(
  conn: Conn,
  tenantUuid: string,
  numbers: readonly string[],
): Promise<Map<string, string>> {
  const keyOf = new Map<string, string>();
  for (const number of numbers) {
    const key = normalizePhoneNumber(number);
    if (key !== null) keyOf.set(number, key);
  }
  if (keyOf.size === 0) return new Map();
  const rows = await namesByKeys(conn).execute({ tenant: tenantUuid, keys: [...new Set(keyOf.values())] });
  const nameOfKey = new Map(rows.map((row) => [row.key, customerName(row)]));
  const names = new Map<string, string>();
  for (const [number, key] of keyOf) {
    const name = nameOfKey.get(key);
    if (name !== undefined) names.set(number, name);
  }
  return names;
}

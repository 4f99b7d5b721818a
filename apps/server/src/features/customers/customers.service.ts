import { randomUUID } from 'node:crypto';
import { type Parsed, type endpoints } from '@tsunagu/contract';
import { Refusal, invalidInput } from '@tsunagu/contract/refusal';
import { customerName, type Customer, type CustomerListItem } from '@tsunagu/contract/crm/customer';
import { customerFieldText } from '@tsunagu/contract/crm/field-text';
import { checkCustomValues, fieldLabel, type Layout } from '@tsunagu/contract/crm/layout';
import {
  TIMELINE_LIMIT,
  type CallerCard,
  type CustomerLookup,
  type Note,
  type TimelineEntry,
} from '@tsunagu/contract/crm/notes';
import { EXPORT_MAX_ROWS, type Page } from '@tsunagu/contract/paging';
import { normalizePhoneNumber } from '@tsunagu/contract/phone-number';
import type { Auth } from '../../platform/auth/auth-context';
import { auditedTransaction, type Actor } from '../../platform/audit/audited-transaction';
import { customerOfNumber, type CustomerOfNumber } from '../../platform/crm/customer-names';
import type { Db } from '../../platform/db/client';
import { keysetPageAnswer, pageOf, pageTotal, pageWindow } from '../../platform/db/paging';
import {
  customerExists,
  customerCount,
  customerRows,
  customerTotal,
  keysetCustomerRows,
  deleteCustomers,
  findCustomer,
  insertCustomer,
  isTenantUser,
  tenantUsers,
  updateCustomer,
} from './customers.repository';
import { readLayout } from './layout.repository';
import { insertNote, notesOf } from './notes.repository';
import { callsWithNumbers, claimRecallItems, recallsWithNumbers } from './timeline.repository';

type ListQuery = Parsed<typeof endpoints.customerList, 'query'>;
type SaveBody = Parsed<typeof endpoints.customerSave, 'body'>;
type NoteBody = Parsed<typeof endpoints.customerNote, 'body'>;

/** A number from a path or a body as its key, or 400. */
function keyOf(number: string): string {
  const key = normalizePhoneNumber(number);
  if (key === null) throw new Refusal('invalid', 'customerNumberInvalid');
  return key;
}

/** The pop-up's fields of a customer, in the layout's order, leaving out empty ones. */
function popupFields(layout: Layout, customer: CustomerOfNumber): CallerCard['fields'] {
  return layout.popupFields.flatMap((key) => {
    const value = customerFieldText(layout, customer, key);
    return value ? [{ label: fieldLabel(layout, key), value }] : [];
  });
}

/** Customers: the list, the record a number leads to, saves with optimistic concurrency, notes. */
export function createCustomersService({ db }: { db: Db }) {
  return {
    /**
     * A page of the tenant's customers. Without a search the list pages by keyset from the anchor the
     * client sent (every sort has its index), its total the tenant's counter; a search pages by
     * LIMIT/OFFSET and counts its matches.
     */
    async page(tenantUuid: string, query: ListQuery): Promise<Page<CustomerListItem>> {
      if (!query.q) {
        return keysetPageAnswer(
          query,
          () => customerCount(db, tenantUuid),
          (total, page) => keysetCustomerRows(db, tenantUuid, query.sort, total, page),
          (row) => row.customerUuid,
        );
      }
      const content = await customerRows(db, tenantUuid, query.q, query.sort, pageWindow(query));
      const total = await pageTotal(query, content.length, () => customerTotal(db, tenantUuid, query.q));
      return pageOf(content, total, query);
    },

    /** The whole filtered list in the list's order; more than EXPORT_MAX_ROWS is refused. */
    async export(tenantUuid: string, query: ListQuery): Promise<CustomerListItem[]> {
      const rows = await customerRows(db, tenantUuid, query.q, query.sort, {
        limit: EXPORT_MAX_ROWS + 1,
        offset: 0,
      });
      if (rows.length > EXPORT_MAX_ROWS) throw new Refusal('invalid', 'exportTooLarge');
      return rows;
    },

    /** The users a customer may be assigned to. */
    owners: (tenantUuid: string) => tenantUsers(db, tenantUuid),

    async get(tenantUuid: string, customerUuid: string): Promise<Customer> {
      const customer = await findCustomer(db, tenantUuid, customerUuid);
      if (!customer) throw new Refusal('not-found', 'customerNotFound');
      return customer;
    },

    /** The record of a number: its customer (saved last, if several) and the timeline, newest first. */
    async byNumber(tenantUuid: string, number: string): Promise<CustomerLookup> {
      const key = keyOf(number);
      const found = await customerOfNumber(db, tenantUuid, key);
      const customer = found ? await findCustomer(db, tenantUuid, found.customerUuid) : null;
      const keys = customer ? customer.numbers.map((n) => n.number) : [key];
      const [notes, callRows, recalls] = await Promise.all([
        notesOf(db, tenantUuid, { customerUuid: customer?.customerUuid ?? null, keys }, TIMELINE_LIMIT),
        callsWithNumbers(db, tenantUuid, keys, TIMELINE_LIMIT),
        recallsWithNumbers(db, tenantUuid, keys, TIMELINE_LIMIT),
      ]);
      const timeline: TimelineEntry[] = [
        ...notes.map((note) => ({ kind: 'note' as const, at: note.createdAt, note })),
        ...callRows.map((c) => ({ kind: 'call' as const, ...c })),
        ...recalls.map((r) => ({ kind: 'recall' as const, ...r })),
      ];
      // Newest first; ISO 8601 instants in UTC compare as text.
      timeline.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
      return { number: key, customer, timeline: timeline.slice(0, TIMELINE_LIMIT) };
    },

    /** What the incoming-call pop-up shows: one index read for the name, and the layout's pop-up fields. */
    async caller(tenantUuid: string, number: string): Promise<CallerCard> {
      const key = normalizePhoneNumber(number);
      const customer = key === null ? null : await customerOfNumber(db, tenantUuid, key);
      if (!customer) return { number: key ?? number, name: null, customerUuid: null, fields: [] };
      const { layout } = await readLayout(db, tenantUuid);
      return {
        number: key ?? number,
        name: customerName(customer),
        customerUuid: customer.customerUuid,
        fields: popupFields(layout, customer),
      };
    },

    /** Creates, or updates the version read: a save over a newer version is refused and changes nothing. */
    async save(actor: Actor, tenantUuid: string, body: SaveBody): Promise<Customer> {
      const { layout } = await readLayout(db, tenantUuid);
      const { values: custom, errors } = checkCustomValues(layout, body.custom);
      const firstError = Object.values(errors)[0];
      if (firstError) throw invalidInput(firstError);
      if (body.ownerUuid !== null && !(await isTenantUser(db, tenantUuid, body.ownerUuid))) {
        throw new Refusal('invalid', 'customerOwnerUnknown');
      }
      const { domainUuid: _tenant, customerUuid: given, version, ...fields } = body;
      const values = { ...fields, custom };
      const customerUuid = given ?? randomUUID();
      const username = actor.auth.username;
      await auditedTransaction(
        db,
        { actor, tenantUuid, action: given ? 'customer.save' : 'customer.create' },
        async (tx) => {
          if (!given) {
            await insertCustomer(tx, tenantUuid, customerUuid, values, username);
          } else if (!(await updateCustomer(tx, tenantUuid, customerUuid, version ?? 0, values, username))) {
            const exists = await customerExists(tx, tenantUuid, customerUuid);
            throw exists
              ? new Refusal('conflict', 'customerConflict')
              : new Refusal('not-found', 'customerNotFound');
          }
          await claimRecallItems(
            tx,
            tenantUuid,
            customerUuid,
            values.numbers.map((n) => n.number),
          );
          return {
            target: customerUuid,
            detail: { name: customerName(values), numbers: values.numbers.map((n) => n.number) },
          };
        },
      );
      const saved = await findCustomer(db, tenantUuid, customerUuid);
      if (!saved) throw new Refusal('not-found', 'customerNotFound');
      return saved;
    },

    /** Deletes customers of the tenant; notes stay on their numbers. 404 when none of them is the tenant's. */
    async remove(actor: Actor, tenantUuid: string, customerUuids: string[]): Promise<number> {
      const { deleted } = await auditedTransaction(
        db,
        { actor, tenantUuid, action: 'customer.delete' },
        async (tx) => {
          const deleted = await deleteCustomers(tx, tenantUuid, customerUuids);
          if (deleted.length === 0) throw new Refusal('not-found', 'customerNotFound');
          return { target: deleted.join(','), detail: { count: deleted.length }, deleted };
        },
      );
      return deleted.length;
    },

    /** Writes a call note; its category and result must be in the tenant's picklists. */
    async note(auth: Auth, tenantUuid: string, body: NoteBody): Promise<Note> {
      const { layout } = await readLayout(db, tenantUuid);
      if (body.category !== '' && !layout.noteCategories.includes(body.category)) {
        throw new Refusal('invalid', 'customerCategoryUnknown');
      }
      if (body.result !== '' && !layout.noteResults.includes(body.result)) {
        throw new Refusal('invalid', 'customerResultUnknown');
      }
      if (body.customerUuid !== null && !(await customerExists(db, tenantUuid, body.customerUuid))) {
        throw new Refusal('not-found', 'customerNotFound');
      }
      // A note on a registered number belongs to its customer even when the caller did not say so.
      const customerUuid =
        body.customerUuid ?? (await customerOfNumber(db, tenantUuid, body.number))?.customerUuid ?? null;
      return insertNote(db, {
        noteUuid: randomUUID(),
        domainUuid: tenantUuid,
        numberKey: body.number,
        customerUuid,
        callUuid: body.callUuid,
        category: body.category,
        result: body.result,
        body: body.body,
        authorUuid: auth.userUuid,
      });
    },
  };
}
export type CustomersService = ReturnType<typeof createCustomersService>;

import { bigint, integer, jsonb, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/** Customers, their numbers and call notes, the layout and the import mapping (migrations/0017_customers.sql). */

export const customers = pgTable('customers', {
  customerUuid: uuid('customer_uuid').primaryKey(),
  domainUuid: uuid('domain_uuid').notNull(),
  company: text('company').notNull().default(''),
  companyKana: text('company_kana').notNull().default(''),
  person: text('person').notNull().default(''),
  personKana: text('person_kana').notNull().default(''),
  department: text('department').notNull().default(''),
  email: text('email').notNull().default(''),
  postalCode: text('postal_code').notNull().default(''),
  prefecture: text('prefecture').notNull().default(''),
  address: text('address').notNull().default(''),
  ownerUuid: uuid('owner_uuid'),
  tags: jsonb('tags').$type<string[]>().notNull().default([]),
  memo: text('memo').notNull().default(''),
  custom: jsonb('custom').$type<Record<string, unknown>>().notNull().default({}),
  sortKey: text('sort_key').notNull().default(''),
  searchText: text('search_text').notNull().default(''),
  version: integer('version').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedBy: text('updated_by').notNull().default(''),
});

export const customerNumbers = pgTable(
  'customer_numbers',
  {
    customerUuid: uuid('customer_uuid').notNull(),
    position: smallint('position').notNull(),
    domainUuid: uuid('domain_uuid').notNull(),
    label: text('label').notNull(),
    numberKey: text('number_key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerUuid, t.position] })],
);

export const customerNotes = pgTable('customer_notes', {
  noteUuid: uuid('note_uuid').primaryKey(),
  domainUuid: uuid('domain_uuid').notNull(),
  numberKey: text('number_key').notNull(),
  customerUuid: uuid('customer_uuid'),
  callUuid: text('call_uuid'),
  category: text('category').notNull().default(''),
  result: text('result').notNull().default(''),
  body: text('body').notNull().default(''),
  authorUuid: uuid('author_uuid'),
  authorName: text('author_name').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const customerLayouts = pgTable('customer_layouts', {
  domainUuid: uuid('domain_uuid').primaryKey(),
  layout: jsonb('layout').notNull(),
  version: integer('version').notNull().default(1),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const customerImportMappings = pgTable('customer_import_mappings', {
  domainUuid: uuid('domain_uuid').primaryKey(),
  mapping: jsonb('mapping').$type<Record<string, string>>().notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Each tenant's number of customers (the list's total), kept by triggers (migrations/0026_customer_counts.sql). */
export const customerCounts = pgTable('customer_counts', {
  domainUuid: uuid('domain_uuid').primaryKey(),
  customers: bigint('customers', { mode: 'number' }).notNull(),
});

import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { CALL_KINDS, CALL_RESULTS } from '@tsunagu/contract';

/** The call model: one row per call, and the recall items (migrations/0016_calls.sql). */

export const calls = pgTable('calls', {
  callUuid: uuid('call_uuid').primaryKey(),
  domainUuid: uuid('domain_uuid').notNull(),
  callId: text('call_id').notNull(),
  kind: text('kind', { enum: CALL_KINDS }).notNull(),
  startStamp: ts('start_stamp').notNull(),
  answerStamp: ts('answer_stamp'),
  endStamp: ts('end_stamp').notNull(),
  outsideNumber: text('outside_number'),
  outsideKey: text('outside_key'),
  incomingNumber: text('incoming_number'),
  agentExtension: text('agent_extension'),
  agentExtensionUuid: uuid('agent_extension_uuid'),
  agentUserUuid: uuid('agent_user_uuid'),
  calleeNumber: text('callee_number'),
  ringSeconds: integer('ring_seconds').notNull().default(0),
  talkSeconds: integer('talk_seconds').notNull().default(0),
  result: text('result', { enum: CALL_RESULTS }).notNull(),
  legCount: integer('leg_count').notNull().default(1),
  recording: text('recording'),
});

export const recallItems = pgTable('recall_items', {
  recallUuid: uuid('recall_uuid').primaryKey(),
  domainUuid: uuid('domain_uuid').notNull(),
  number: text('number').notNull(),
  numberKey: text('number_key').notNull(),
  customerUuid: uuid('customer_uuid'),
  callUuid: uuid('call_uuid'),
  reason: text('reason').notNull().default(''),
  assigneeUserUuid: uuid('assignee_user_uuid'),
  assigneeGroupUuid: uuid('assignee_group_uuid'),
  dueAt: ts('due_at'),
  state: text('state', { enum: ['open', 'done'] })
    .notNull()
    .default('open'),
  createdAt: ts('created_at').notNull().defaultNow(),
  createdBy: uuid('created_by'),
  doneAt: ts('done_at'),
  doneBy: uuid('done_by'),
  doneCallUuid: uuid('done_call_uuid'),
  /** The due time with none as infinity: the list's due order as a non-null keyset key (0038). */
  dueKey: ts('due_key')
    .notNull()
    .generatedAlwaysAs(sql`coalesce(due_at, 'infinity'::timestamptz)`),
  /** Whose it is as the counts of 0038 say: the user, else the group, else the tenant for nobody's (0039). */
  assignee: uuid('assignee')
    .notNull()
    .generatedAlwaysAs(sql`coalesce(assignee_user_uuid, assignee_group_uuid, domain_uuid)`),
});

/** How many recall items each tenant has open (the badge), kept by triggers (migrations/0020_recall_counts.sql). */
export const recallCounts = pgTable('recall_counts', {
  domainUuid: uuid('domain_uuid').primaryKey(),
  openItems: bigint('open_items', { mode: 'number' }).notNull(),
});

/**
 * Recall items per tenant, state and assignee (the user, else the group, else the tenant's uuid for
 * nobody's), kept by triggers (migrations/0038_recall_list_keys.sql): the recall list's totals.
 */
export const recallItemCounts = pgTable(
  'recall_item_counts',
  {
    domainUuid: uuid('domain_uuid').notNull(),
    state: text('state').notNull(),
    assignee: uuid('assignee').notNull(),
    items: bigint('items', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.domainUuid, t.state, t.assignee] })],
);

/** Calls counted per tenant, UTC hour, incoming number, kind and result, kept by triggers (migrations/0023_call_hours.sql). */
export const callHours = pgTable(
  'call_hours',
  {
    domainUuid: uuid('domain_uuid').notNull(),
    hour: ts('hour').notNull(),
    incomingNumber: text('incoming_number').notNull(),
    kind: text('kind').notNull(),
    result: text('result').notNull(),
    calls: integer('calls').notNull(),
    ringSeconds: bigint('ring_seconds', { mode: 'number' }).notNull(),
    ringMax: integer('ring_max').notNull(),
    talkSeconds: bigint('talk_seconds', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.domainUuid, t.hour, t.incomingNumber, t.kind, t.result] })],
);

/** Calls counted per tenant, UTC day, kind and result, kept by triggers (migrations/0036_call_history_keys.sql). */
export const callDays = pgTable(
  'call_days',
  {
    domainUuid: uuid('domain_uuid').notNull(),
    day: ts('day').notNull(),
    kind: text('kind').notNull(),
    result: text('result').notNull(),
    calls: bigint('calls', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.domainUuid, t.day, t.kind, t.result] })],
);

/** Per user and UTC day, the calls they handled and per UTC hour, kept by triggers (migrations/0037_user_call_days.sql). */
export const userCallDays = pgTable(
  'user_call_days',
  {
    domainUuid: uuid('domain_uuid').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    userUuid: uuid('user_uuid').notNull(),
    inbound: integer('inbound').notNull(),
    outbound: integer('outbound').notNull(),
    internal: integer('internal').notNull(),
    talkSeconds: bigint('talk_seconds', { mode: 'number' }).notNull(),
    connected: integer('connected').notNull(),
    h00: integer('h00').notNull(),
    h01: integer('h01').notNull(),
    h02: integer('h02').notNull(),
    h03: integer('h03').notNull(),
    h04: integer('h04').notNull(),
    h05: integer('h05').notNull(),
    h06: integer('h06').notNull(),
    h07: integer('h07').notNull(),
    h08: integer('h08').notNull(),
    h09: integer('h09').notNull(),
    h10: integer('h10').notNull(),
    h11: integer('h11').notNull(),
    h12: integer('h12').notNull(),
    h13: integer('h13').notNull(),
    h14: integer('h14').notNull(),
    h15: integer('h15').notNull(),
    h16: integer('h16').notNull(),
    h17: integer('h17').notNull(),
    h18: integer('h18').notNull(),
    h19: integer('h19').notNull(),
    h20: integer('h20').notNull(),
    h21: integer('h21').notNull(),
    h22: integer('h22').notNull(),
    h23: integer('h23').notNull(),
  },
  (t) => [primaryKey({ columns: [t.domainUuid, t.day, t.userUuid] })],
);

/** Per extension and UTC day, the missed calls that rang it, kept by triggers (migrations/0037_user_call_days.sql). */
export const extensionMissedDays = pgTable(
  'extension_missed_days',
  {
    domainUuid: uuid('domain_uuid').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    extensionUuid: uuid('extension_uuid').notNull(),
    missed: integer('missed').notNull(),
  },
  (t) => [primaryKey({ columns: [t.domainUuid, t.day, t.extensionUuid] })],
);

/** Japan's public holidays, kept equal to the holiday package (migrations/0040_caller_firsts.sql, holidays-sync.ts). */
export const publicHolidays = pgTable('public_holidays', {
  day: date('day', { mode: 'string' }).primaryKey(),
});

/** The callers' chains of active local days, counted per link, kept by triggers (migrations/0040_caller_firsts.sql). */
export const callerFirsts = pgTable(
  'caller_firsts',
  {
    domainUuid: uuid('domain_uuid').notNull(),
    incomingNumber: text('incoming_number').notNull(),
    inHours: boolean('in_hours').notNull(),
    workdays: boolean('workdays').notNull(),
    chain: text('chain').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    class: smallint('class').notNull(),
    prev: date('prev', { mode: 'string' }).notNull(),
    callers: integer('callers').notNull(),
  },
  (t) => [
    primaryKey({
      columns: [t.domainUuid, t.incomingNumber, t.inHours, t.workdays, t.chain, t.day, t.class, t.prev],
    }),
  ],
);

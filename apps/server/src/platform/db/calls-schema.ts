import { bigint, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
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
});

/** How many recall items each tenant has open (the badge), kept by triggers (migrations/0020_recall_counts.sql). */
export const recallCounts = pgTable('recall_counts', {
  domainUuid: uuid('domain_uuid').primaryKey(),
  openItems: bigint('open_items', { mode: 'number' }).notNull(),
});

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

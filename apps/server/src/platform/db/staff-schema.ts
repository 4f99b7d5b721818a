import { bigint, bigserial, boolean, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/** Tables of the staff side panel (migrations/0003_staff.sql). */

export const cdrs = pgTable('cdrs', {
  cdrUuid: uuid('cdr_uuid').primaryKey(),
  domainUuid: uuid('domain_uuid').notNull(),
  callUuid: text('call_uuid').notNull(),
  extensionUuid: uuid('extension_uuid'),
  direction: text('direction', { enum: ['inbound', 'outbound', 'local'] }).notNull(),
  callerIdName: text('caller_id_name').notNull().default(''),
  callerIdNumber: text('caller_id_number').notNull().default(''),
  destinationNumber: text('destination_number').notNull().default(''),
  startStamp: ts('start_stamp').notNull(),
  answerStamp: ts('answer_stamp'),
  endStamp: ts('end_stamp'),
  duration: integer('duration').notNull().default(0),
  billsec: integer('billsec').notNull().default(0),
  hangupCause: text('hangup_cause').notNull().default(''),
  // The call model's leg facts (migrations/0016_calls.sql).
  callId: text('call_id'),
  originating: boolean('originating').notNull().default(true),
  bridged: boolean('bridged').notNull().default(false),
  endedIn: text('ended_in', { enum: ['', 'ivr', 'voicemail', 'park'] })
    .notNull()
    .default(''),
  outOfHours: boolean('out_of_hours').notNull().default(false),
});

/** How many call records each extension's history holds, kept by triggers (migrations/0008_cdr_counters.sql). */
export const cdrCounts = pgTable(
  'cdr_counts',
  {
    domainUuid: uuid('domain_uuid').notNull(),
    extensionUuid: uuid('extension_uuid').notNull(),
    calls: bigint('calls', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.domainUuid, t.extensionUuid] })],
);

export const chats = pgTable('chats', {
  chatUuid: uuid('chat_uuid').primaryKey(),
  domainUuid: uuid('domain_uuid').notNull(),
  userUuid: uuid('user_uuid').notNull(),
  message: text('message').notNull(),
  toUsers: text('to_users').notNull(),
  createDate: ts('create_date').notNull().defaultNow(),
});

export const chatRecipients = pgTable(
  'chat_recipients',
  { chatUuid: uuid('chat_uuid').notNull(), userUuid: uuid('user_uuid').notNull() },
  (t) => [primaryKey({ columns: [t.chatUuid, t.userUuid] })],
);

export const chatReads = pgTable('chat_reads', {
  userUuid: uuid('user_uuid').primaryKey(),
  readAt: ts('read_at').notNull(),
});

export const actionLog = pgTable('action_log', {
  actionLogId: bigserial('action_log_id', { mode: 'number' }).primaryKey(),
  domainUuid: uuid('domain_uuid').notNull(),
  userUuid: uuid('user_uuid').notNull(),
  process: text('process').notNull(),
  success: boolean('success').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

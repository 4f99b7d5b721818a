import { bigint, boolean, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/** Personal voicemail boxes and their messages (migrations/0024_voicemail.sql). */

export const voicemailBoxes = pgTable('voicemail_boxes', {
  extensionUuid: uuid('extension_uuid').primaryKey(),
  domainUuid: uuid('domain_uuid').notNull(),
  enabled: boolean('enabled').notNull().default(false),
  onNoAnswer: boolean('on_no_answer').notNull().default(true),
  noAnswerSeconds: integer('no_answer_seconds').notNull().default(20),
  onBusy: boolean('on_busy').notNull().default(true),
  ownGreeting: boolean('own_greeting').notNull().default(false),
  greetingStorageName: text('greeting_storage_name'),
  greetingFileName: text('greeting_file_name'),
  greetingSizeBytes: bigint('greeting_size_bytes', { mode: 'number' }).notNull().default(0),
  greetingUpdatedAt: ts('greeting_updated_at'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const voicemailMessages = pgTable('voicemail_messages', {
  messageUuid: uuid('message_uuid').primaryKey(),
  domainUuid: uuid('domain_uuid').notNull(),
  extensionUuid: uuid('extension_uuid').notNull(),
  sourceId: text('source_id').notNull(),
  callerNumber: text('caller_number').notNull(),
  callerName: text('caller_name').notNull(),
  receivedAt: ts('received_at').notNull(),
  durationMs: integer('duration_ms').notNull(),
  storageName: text('storage_name').notNull(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
  heardAt: ts('heard_at'),
});

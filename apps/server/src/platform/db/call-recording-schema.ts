import { bigint, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/** Call recording (migrations/0025_call_recordings.sql). */

export const callRecordingSettings = pgTable('call_recording_settings', {
  domainUuid: uuid('domain_uuid').primaryKey(),
  mode: text('mode', { enum: ['off', 'onDemand', 'always'] })
    .notNull()
    .default('off'),
  retentionDays: integer('retention_days').notNull().default(90),
});

export const callRecordings = pgTable(
  'call_recordings',
  {
    recordingUuid: uuid('recording_uuid').primaryKey(),
    domainUuid: uuid('domain_uuid').notNull(),
    callId: text('call_id').notNull(),
    channelUuid: text('channel_uuid').notNull(),
    startedBy: uuid('started_by'),
    startedAt: ts('started_at').notNull(),
    endedAt: ts('ended_at'),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    seconds: integer('seconds').notNull().default(0),
  },
  (t) => [
    index('call_recordings_call_idx').on(t.domainUuid, t.callId),
    index('call_recordings_started_idx').on(t.domainUuid, t.startedAt),
  ],
);

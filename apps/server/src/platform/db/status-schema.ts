import { bigserial, date, integer, numeric, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/** Users' working statuses (migrations/0019_user_status.sql). */

export const userStatuses = pgTable('user_statuses', {
  userUuid: uuid('user_uuid').primaryKey(),
  domainUuid: uuid('domain_uuid').notNull(),
  status: text('status').notNull(),
  since: ts('since').notNull(),
  resumeStatus: text('resume_status'),
  wrapUpUntil: ts('wrap_up_until'),
});

/** Every change (who, from, to, when): the status analysis reads intervals from it. */
export const userStatusChanges = pgTable('user_status_changes', {
  changeId: bigserial('change_id', { mode: 'number' }).primaryKey(),
  domainUuid: uuid('domain_uuid').notNull(),
  userUuid: uuid('user_uuid').notNull(),
  fromStatus: text('from_status').notNull(),
  toStatus: text('to_status').notNull(),
  changedAt: ts('changed_at').notNull(),
});

export const statusSettings = pgTable('status_settings', {
  domainUuid: uuid('domain_uuid').primaryKey(),
  wrapUpSeconds: integer('wrap_up_seconds').notNull().default(0),
});

/** Seconds per user, local day and status of the closed stretches, kept by triggers (migrations/0030_status_days.sql). */
export const statusDays = pgTable(
  'status_days',
  {
    domainUuid: uuid('domain_uuid').notNull(),
    userUuid: uuid('user_uuid').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    seconds: numeric('seconds').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userUuid, t.day, t.status] })],
);

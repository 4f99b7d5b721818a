import { bigint, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/** Two-step sign-in (migrations/0015_two_step_audit_labels.sql). */

export const userTwoStep = pgTable('user_two_step', {
  userUuid: uuid('user_uuid').primaryKey(),
  /** The confirmed TOTP secret, sealed; null: two-step sign-in is off. */
  secretEnc: text('secret_enc'),
  /** A registration started but not yet confirmed with a code, sealed. */
  pendingEnc: text('pending_enc'),
  /** The time step of the last accepted code: a code is accepted once. */
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  enabledAt: ts('enabled_at'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    userUuid: uuid('user_uuid').notNull(),
    /** SHA-256 of the code (hex). */
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [primaryKey({ columns: [t.userUuid, t.codeHash] })],
);

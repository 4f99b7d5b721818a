import { sql } from 'drizzle-orm';
import type { ClosedDay } from '@tsunagu/contract';
import {
  bigint,
  bigserial,
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { ts } from './columns';

/** Query-side view of the tables; migrations/*.sql is the source of truth for the DDL. */

export const domains = pgTable('domains', {
  domainUuid: uuid('domain_uuid').primaryKey(),
  domainName: text('domain_name').notNull(),
  domainDescription: text('domain_description').notNull().default(''),
  timeZone: text('time_zone').notNull().default('Asia/Tokyo'),
  enabled: boolean('enabled').notNull().default(true),
  /** Storage for the tenant's own audio files, in bytes (0006_recording_quota.sql). */
  recordingQuotaBytes: bigint('recording_quota_bytes', { mode: 'number' }).notNull().default(104857600),
  /** The tenant requires two-step sign-in of its administrators (0015_two_step_audit_labels.sql). */
  twoStepForAdmins: boolean('two_step_for_admins').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** Quotas; null = no limit (0014_tenant_admin.sql). */
  maxUsers: integer('max_users'),
  maxExtensions: integer('max_extensions'),
  maxRingGroups: integer('max_ring_groups'),
  maxIvrMenus: integer('max_ivr_menus'),
  /** Set when deleted: hidden at once, purged 30 days later unless restored. */
  deletedAt: ts('deleted_at'),
});

/** Change counters per tenant and area ('pbx', 'directory'), bumped by triggers (0011_change_areas.sql). */
export const changeVersions = pgTable(
  'change_versions',
  {
    domainUuid: uuid('domain_uuid').notNull(),
    area: text('area').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.domainUuid, t.area] })],
);

export const extensions = pgTable('extensions', {
  extensionUuid: uuid('extension_uuid').primaryKey(),
  domainUuid: uuid('domain_uuid').notNull(),
  extension: text('extension').notNull(),
  passwordEnc: text('password_enc').notNull(),
  effectiveCallerIdName: text('effective_caller_id_name').notNull().default(''),
  outboundCallerIdNumber: text('outbound_caller_id_number').notNull().default(''),
  enabled: boolean('enabled').notNull().default(true),
  doNotDisturb: boolean('do_not_disturb').notNull().default(false),
  forwardAllDestination: text('forward_all_destination').notNull().default(''),
  callTimeout: integer('call_timeout').notNull().default(30),
  description: text('description').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const users = pgTable('users', {
  userUuid: uuid('user_uuid').primaryKey(),
  domainUuid: uuid('domain_uuid').notNull(),
  username: text('username').notNull(),
  userNm: text('user_nm').notNull().default(''),
  passwordHash: text('password_hash').notNull(),
  userClass: text('user_class').notNull().default('USER'),
  phoneType: text('phone_type', { enum: ['verto', 'phone'] })
    .notNull()
    .default('verto'),
  popup: boolean('popup').notNull().default(true),
  userPopup: boolean('user_popup').notNull().default(true),
  menu: text('menu').notNull().default('[]'),
  extensionUuid: uuid('extension_uuid'),
  enabled: boolean('enabled').notNull().default(true),
  maxSessions: integer('max_sessions').notNull().default(3),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  /** Furigana of the name (migration 0013). */
  userKana: text('user_kana').notNull().default(''),
  email: text('email').notNull().default(''),
  /** Set by an administrator's reset or choice: the next sign-in must change the password. */
  mustChangePassword: boolean('must_change_password').notNull().default(false),
});

/** Each tenant's number of users (the user list's total), kept by triggers (migrations/0021_user_list_speed.sql). */
export const userCounts = pgTable('user_counts', {
  domainUuid: uuid('domain_uuid').primaryKey(),
  users: bigint('users', { mode: 'number' }).notNull(),
});

/** Each tenant's number of extensions (the tenant list's column), kept by triggers (migrations/0035_tenant_list_keys.sql). */
export const extensionCounts = pgTable('extension_counts', {
  domainUuid: uuid('domain_uuid').primaryKey(),
  extensions: bigint('extensions', { mode: 'number' }).notNull(),
});

/** How many tenants are live and how many deleted (the tenant list's total): one row, kept by triggers (migrations/0041_tenant_counts.sql). */
export const tenantCounts = pgTable('tenant_counts', {
  one: boolean('one').primaryKey().default(true),
  active: bigint('active', { mode: 'number' }).notNull(),
  deleted: bigint('deleted', { mode: 'number' }).notNull(),
});

/**
 * Each user's keys of the list's orders on other tables (its extension's number, its latest sign-in),
 * kept by triggers (migrations/0027_user_list_keys.sql) so that those orders page by keyset too.
 */
export const userListKeys = pgTable('user_list_keys', {
  userUuid: uuid('user_uuid').primaryKey(),
  domainUuid: uuid('domain_uuid').notNull(),
  extension: text('extension').notNull(),
  lastSignInAt: ts('last_sign_in_at').notNull(),
});

/** Each user's latest sign-in, written by a trigger on sessions (kept off users: see 0013). */
export const userSignIns = pgTable('user_sign_ins', {
  userUuid: uuid('user_uuid').primaryKey(),
  lastSignInAt: ts('last_sign_in_at').notNull(),
});

export const userGroups = pgTable('user_groups', {
  userGroupUuid: uuid('user_group_uuid').primaryKey(),
  domainUuid: uuid('domain_uuid').notNull(),
  name: text('name').notNull(),
  representativeNumber: text('representative_number'),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const userGroupMembers = pgTable(
  'user_group_members',
  {
    userGroupUuid: uuid('user_group_uuid').notNull(),
    userUuid: uuid('user_uuid').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userGroupUuid, t.userUuid] })],
);

export const gateways = pgTable('gateways', {
  gatewayUuid: uuid('gateway_uuid').primaryKey(),
  domainUuid: uuid('domain_uuid').notNull(),
  gateway: text('gateway').notNull(),
  description: text('description').notNull().default(''),
  proxy: text('proxy').notNull().default(''),
  username: text('username').notNull().default(''),
  passwordEnc: text('password_enc').notNull().default(''),
  enabled: boolean('enabled').notNull().default(true),
});

export const sessions = pgTable('sessions', {
  sessionUuid: uuid('session_uuid').primaryKey(),
  userUuid: uuid('user_uuid').notNull(),
  domainUuid: uuid('domain_uuid').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
  ip: text('ip').notNull().default(''),
  userAgent: text('user_agent').notNull().default(''),
  /** A provider acting inside another tenant until actingUntil, and why (0014_tenant_admin.sql). */
  actingDomainUuid: uuid('acting_domain_uuid'),
  actingReason: text('acting_reason'),
  actingUntil: ts('acting_until'),
});

export const auditLog = pgTable('audit_log', {
  auditId: bigserial('audit_id', { mode: 'number' }).primaryKey(),
  domainUuid: uuid('domain_uuid'),
  userUuid: uuid('user_uuid'),
  username: text('username').notNull().default(''),
  action: text('action').notNull(),
  target: text('target').notNull().default(''),
  /** The target by name, resolved when the entry was written (0015). */
  targetLabel: text('target_label').notNull().default(''),
  detail: jsonb('detail'),
  ip: text('ip').notNull().default(''),
  createdAt: ts('created_at')
    .notNull()
    .default(sql`now()`),
});

export * from './staff-schema';
export * from './calls-schema';
export * from './realtime-schema';
export * from './two-step-schema';
export * from './customer-schema';
export * from './status-schema';

// PBX objects (migrations/0002_pbx.sql).

export const recordings = pgTable('recordings', {
  recordingUuid: uuid('recording_uuid').primaryKey(),
  domainUuid: uuid('domain_uuid').notNull(),
  recordingName: text('recording_name').notNull(),
  recordingFilename: text('recording_filename').notNull(),
  storageName: text('storage_name').notNull(),
  recordingDescription: text('recording_description'),
  sizeBytes: integer('size_bytes').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const ringGroups = pgTable('ring_groups', {
  ringGroupUuid: uuid('ring_group_uuid').primaryKey(),
  domainUuid: uuid('domain_uuid').notNull(),
  ringGroupContext: text('ring_group_context').notNull(),
  ringGroupName: text('ring_group_name').notNull(),
  ringGroupExtension: text('ring_group_extension').notNull(),
  ringGroupGreeting: text('ring_group_greeting').notNull().default(''),
  ringGroupStrategy: text('ring_group_strategy', { enum: ['enterprise', 'random', 'rollover'] })
    .notNull()
    .default('enterprise'),
  ringGroupEnabled: boolean('ring_group_enabled').notNull().default(true),
  ringGroupTimeoutApp: text('ring_group_timeout_app', { enum: ['hangup', 'lua', 'transfer'] })
    .notNull()
    .default('hangup'),
  ringGroupTimeoutData: text('ring_group_timeout_data'),
  ringGroupMissedCallApp: text('ring_group_missed_call_app', { enum: ['email'] }),
  ringGroupMissedCallData: text('ring_group_missed_call_data'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const ringGroupDestinations = pgTable(
  'ring_group_destinations',
  {
    ringGroupUuid: uuid('ring_group_uuid').notNull(),
    domainUuid: uuid('domain_uuid').notNull(),
    destinationNumber: text('destination_number').notNull(),
    destinationTimeout: integer('destination_timeout').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ringGroupUuid, t.destinationNumber] })],
);

export const ivrMenus = pgTable('ivr_menus', {
  ivrMenuUuid: uuid('ivr_menu_uuid').primaryKey(),
  domainUuid: uuid('domain_uuid').notNull(),
  ivrMenuName: text('ivr_menu_name').notNull(),
  ivrMenuExtension: text('ivr_menu_extension').notNull(),
  ivrMenuGreetLong: text('ivr_menu_greet_long').notNull(),
  ivrMenuDescription: text('ivr_menu_description'),
  ivrMenuEnabled: boolean('ivr_menu_enabled').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const ivrMenuOptions = pgTable('ivr_menu_options', {
  ivrMenuOptionUuid: uuid('ivr_menu_option_uuid').primaryKey(),
  ivrMenuUuid: uuid('ivr_menu_uuid').notNull(),
  domainUuid: uuid('domain_uuid').notNull(),
  ivrMenuOptionDigits: text('ivr_menu_option_digits').notNull(),
  ivrMenuOptionParam: text('ivr_menu_option_param').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const dialplans = pgTable('dialplans', {
  dialplanUuid: uuid('dialplan_uuid').primaryKey(),
  domainUuid: uuid('domain_uuid').notNull(),
  appUuid: uuid('app_uuid'),
  dialplanContext: text('dialplan_context').notNull(),
  dialplanName: text('dialplan_name').notNull(),
  dialplanNumber: text('dialplan_number').notNull(),
  dialplanContinue: boolean('dialplan_continue').notNull().default(true),
  dialplanOrder: integer('dialplan_order').notNull().default(300),
  dialplanEnabled: boolean('dialplan_enabled').notNull().default(true),
  dialplanDescription: text('dialplan_description').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const timeConditions = pgTable('time_conditions', {
  timeConditionUuid: uuid('time_condition_uuid').primaryKey(),
  dialplanUuid: uuid('dialplan_uuid').notNull(),
  domainUuid: uuid('domain_uuid').notNull(),
  recordingUuid: uuid('recording_uuid'),
  timeConditionName: text('time_condition_name').notNull(),
  timeConditionEnabled: boolean('time_condition_enabled').notNull().default(true),
  timeConditionType: text('time_condition_type', {
    enum: ['anti', 'wtime', 'mday', 'date-time', 'holiday'],
  }).notNull(),
  timeConditionMday: text('time_condition_mday').notNull().default(''),
  timeConditionMon: text('time_condition_mon').notNull().default(''),
  timeConditionTimeOfDay: text('time_condition_time_of_day').notNull().default(''),
  timeCondition1: boolean('time_condition_1').notNull().default(false),
  timeCondition2: boolean('time_condition_2').notNull().default(false),
  timeCondition3: boolean('time_condition_3').notNull().default(false),
  timeCondition4: boolean('time_condition_4').notNull().default(false),
  timeCondition5: boolean('time_condition_5').notNull().default(false),
  timeCondition6: boolean('time_condition_6').notNull().default(false),
  timeCondition7: boolean('time_condition_7').notNull().default(false),
  timeConditionDateTime: text('time_condition_date_time').notNull().default(''),
  timeConditionClosedDays: jsonb('time_condition_closed_days').$type<ClosedDay[]>().notNull().default([]),
  timeConditionOrder: integer('time_condition_order').notNull(),
  timeConditionActionType: text('time_condition_action_type', {
    enum: ['action', 'announce', 'transfer', 'vmail', 'hangup'],
  })
    .notNull()
    .default('hangup'),
  timeConditionAction: text('time_condition_action').notNull().default(''),
  timeConditionTransfer: text('time_condition_transfer').notNull().default(''),
  timeConditionAnnounce: text('time_condition_announce').notNull().default(''),
  timeConditionVoiceMail: text('time_condition_voice_mail').notNull().default(''),
  timeConditionVoiceMailAnnounce: text('time_condition_voice_mail_announce').notNull().default(''),
  timeConditionVoiceMailId: integer('time_condition_voice_mail_id').notNull().default(0),
});

export const destinations = pgTable('destinations', {
  destinationUuid: uuid('destination_uuid').primaryKey(),
  domainUuid: uuid('domain_uuid').notNull(),
  destinationNumber: text('destination_number').notNull(),
  destinationCidNamePrefix: text('destination_cid_name_prefix'),
  destinationData: text('destination_data'),
  destinationEnabled: boolean('destination_enabled').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const speedDials = pgTable('speed_dials', {
  speedDialUuid: uuid('speed_dial_uuid').primaryKey(),
  domainUuid: uuid('domain_uuid').notNull(),
  speedNumber: text('speed_number').notNull(),
  phoneNumber: text('phone_number').notNull(),
  memo: text('memo'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Absence mails claimed per call and kind (idempotent sending). */
export const mailLog = pgTable(
  'mail_log',
  {
    domainUuid: uuid('domain_uuid').notNull(),
    callUuid: text('call_uuid').notNull(),
    kind: text('kind', { enum: ['voicemail', 'missed-call'] }).notNull(),
    email: text('email').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
  },
  (t) => [primaryKey({ columns: [t.domainUuid, t.callUuid, t.kind] })],
);

/** Entries per tenant's audit trail, kept by triggers (migrations/0010_audit_trail.sql); the nil UUID for none. */
export const auditCounts = pgTable('audit_counts', {
  domainKey: uuid('domain_key').primaryKey(),
  entries: bigint('entries', { mode: 'number' }).notNull(),
});
export * from './call-recording-schema';
export * from './voicemail-schema';

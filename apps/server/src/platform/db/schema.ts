import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** Query-side view of the tables; migrations/*.sql is the source of truth for the DDL. */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const domains = pgTable('domains', {
  domainUuid: uuid('domain_uuid').primaryKey(),
  domainName: text('domain_name').notNull(),
  domainDescription: text('domain_description').notNull().default(''),
  timeZone: text('time_zone').notNull().default('Asia/Tokyo'),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
});

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
  realtimeConnections: integer('realtime_connections').notNull().default(0),
  ip: text('ip').notNull().default(''),
  userAgent: text('user_agent').notNull().default(''),
});

export const auditLog = pgTable('audit_log', {
  auditId: bigserial('audit_id', { mode: 'number' }).primaryKey(),
  domainUuid: uuid('domain_uuid'),
  userUuid: uuid('user_uuid'),
  username: text('username').notNull().default(''),
  action: text('action').notNull(),
  target: text('target').notNull().default(''),
  detail: jsonb('detail'),
  ip: text('ip').notNull().default(''),
  createdAt: ts('created_at')
    .notNull()
    .default(sql`now()`),
});

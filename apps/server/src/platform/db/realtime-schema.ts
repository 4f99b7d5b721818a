import { integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/** Real-time connections per server instance (migrations/0007_realtime_presence.sql). */

export const realtimeInstances = pgTable('realtime_instances', {
  instanceId: text('instance_id').primaryKey(),
  seenAt: ts('seen_at').notNull().defaultNow(),
});

export const realtimeConnections = pgTable(
  'realtime_connections',
  {
    sessionUuid: uuid('session_uuid').notNull(),
    instanceId: text('instance_id').notNull(),
    connections: integer('connections').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionUuid, t.instanceId] })],
);

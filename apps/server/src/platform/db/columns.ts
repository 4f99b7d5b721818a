import { timestamp } from 'drizzle-orm/pg-core';

/** A `timestamptz` column read as a Date: every table's times are stored with their zone. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

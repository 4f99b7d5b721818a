import type { Note } from '@tsunagu/contract/crm/notes';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Conn } from '../../platform/db/client';
import { customerNotes, users } from '../../platform/db/schema';
import { newestFirst } from './newest-first';

type NoteRow = typeof customerNotes.$inferSelect;

function noteOf(row: NoteRow): Note {
  return {
    noteUuid: row.noteUuid,
    number: row.numberKey,
    customerUuid: row.customerUuid,
    callUuid: row.callUuid,
    category: row.category,
    result: row.result,
    body: row.body,
    authorName: row.authorName,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Writes a note; its author's name is the user's display name (else login ID) at the time of writing. */
export async function insertNote(
  conn: Conn,
  values: Omit<typeof customerNotes.$inferInsert, 'authorName'> & { authorUuid: string },
): Promise<Note> {
  const authorName = sql<string>`(SELECT coalesce(nullif(${users.userNm}, ''), ${users.username}) FROM ${users}
    WHERE ${users.userUuid} = ${values.authorUuid})`;
  const [row] = await conn
    .insert(customerNotes)
    .values({ ...values, authorName })
    .returning();
  return noteOf(row!);
}

/** The newest notes on the customer or on any of the numbers (a note written before registering counts). */
export async function notesOf(
  conn: Conn,
  tenantUuid: string,
  about: { customerUuid: string | null; keys: readonly string[] },
  limit: number,
): Promise<Note[]> {
  const parts: SQL[] = about.keys.map((key) => eq(customerNotes.numberKey, key));
  if (about.customerUuid) parts.push(eq(customerNotes.customerUuid, about.customerUuid));
  const read = (part: SQL) =>
    conn
      .select()
      .from(customerNotes)
      .where(and(eq(customerNotes.domainUuid, tenantUuid), part))
      .orderBy(desc(customerNotes.createdAt), desc(customerNotes.noteUuid))
      .limit(limit);
  const rows = await newestFirst(parts.map(read), (n) => ({ at: n.createdAt, id: n.noteUuid }), limit);
  return rows.map(noteOf);
}

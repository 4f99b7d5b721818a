/**
 * The recall items' automatic life: one item per missed incoming call (not per leg), closed when
 * someone in the tenant completes a call with the number, in either direction.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { closesRecall, needsRecall, type CallKind, type CallResult } from '@tsunagu/contract';
import type { Conn, Tx } from '../db/client';
import { preparedOn } from '../db/prepared';
import { recallCounts, recallItems } from '../db/schema';
import type { CallRow } from './store-call';

/** What a stored call did to the recall list. */
export interface RecallChange {
  opened: number;
  closed: number;
}

const asFold = (call: CallRow) => ({
  kind: call.kind as CallKind,
  result: call.result as CallResult,
  outsideNumber: call.outsideNumber,
});

/** Opens the item a missed call calls for (once: the item is keyed by the call) or closes the number's open items. */
export async function applyCallToRecall(tx: Tx, call: CallRow): Promise<RecallChange> {
  const fold = asFold(call);
  if (needsRecall(fold) && call.outsideKey) {
    const opened = await tx
      .insert(recallItems)
      .values({
        recallUuid: randomUUID(),
        domainUuid: call.domainUuid,
        number: call.outsideNumber ?? call.outsideKey,
        numberKey: call.outsideKey,
        // The customer the number belongs to (the one saved last), if registered.
        customerUuid: sql`(SELECT n.customer_uuid FROM customer_numbers n JOIN customers c USING (customer_uuid)
          WHERE n.domain_uuid = ${call.domainUuid} AND n.number_key = ${call.outsideKey}
          ORDER BY c.updated_at DESC LIMIT 1)`,
        callUuid: call.callUuid,
        createdAt: call.startStamp,
      })
      .onConflictDoNothing({ target: recallItems.callUuid })
      .returning({ recallUuid: recallItems.recallUuid });
    return { opened: opened.length, closed: 0 };
  }
  if (closesRecall(fold) && call.outsideKey) {
    const closed = await tx
      .update(recallItems)
      .set({
        state: 'done',
        doneAt: call.answerStamp ?? call.endStamp,
        doneBy: call.agentUserUuid,
        doneCallUuid: call.callUuid,
      })
      .where(
        and(
          eq(recallItems.domainUuid, call.domainUuid),
          eq(recallItems.numberKey, call.outsideKey),
          eq(recallItems.state, 'open'),
          // Only what was missed before this conversation ended.
          sql`${recallItems.createdAt} <= ${call.endStamp}`,
        ),
      )
      .returning({ recallUuid: recallItems.recallUuid });
    return { opened: 0, closed: closed.length };
  }
  return { opened: 0, closed: 0 };
}

const openCount = preparedOn((conn) =>
  conn
    .select({ n: recallCounts.openItems })
    .from(recallCounts)
    .where(eq(recallCounts.domainUuid, sql.placeholder('tenant')))
    .prepare('recall_open_count'),
);

/**
 * How many recall items of the tenant are open: the header badge, read on every sign-in and after every
 * change of the list. One primary-key read of the count the triggers of migration 0020 keep.
 */
export async function openRecallCount(conn: Conn, tenantUuid: string): Promise<number> {
  const [row] = await openCount(conn).execute({ tenant: tenantUuid });
  return row?.n ?? 0;
}

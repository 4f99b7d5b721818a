import type { TimelineCall, TimelineRecall } from '@tsunagu/contract/crm/notes';
import { and, desc, eq, inArray, sql, type AnyColumn } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Conn } from '../../platform/db/client';
import { calls, extensions, recallItems, userGroups, users } from '../../platform/db/schema';
import { newestFirst } from './newest-first';

/** The record's calls and recall items: every one of the tenant with any of the numbers (by key), newest first. */

const nameOf = (table: { userNm: AnyColumn; username: AnyColumn }) =>
  sql<string | null>`coalesce(nullif(${table.userNm}, ''), ${table.username})`;

export async function callsWithNumbers(
  conn: Conn,
  tenantUuid: string,
  keys: readonly string[],
  limit: number,
): Promise<{ at: string; call: TimelineCall }[]> {
  const ofKey = (key: string) =>
    conn
      .select({
        call: calls,
        userName: nameOf(users),
        extensionName: extensions.effectiveCallerIdName,
      })
      .from(calls)
      .leftJoin(users, eq(users.userUuid, calls.agentUserUuid))
      .leftJoin(extensions, eq(extensions.extensionUuid, calls.agentExtensionUuid))
      .where(and(eq(calls.domainUuid, tenantUuid), eq(calls.outsideKey, key)))
      .orderBy(desc(calls.startStamp), desc(calls.callUuid))
      .limit(limit);
  const rows = await newestFirst(
    keys.map(ofKey),
    ({ call }) => ({ at: call.startStamp, id: call.callUuid }),
    limit,
  );
  return rows.map(({ call, userName, extensionName }) => ({
    at: call.startStamp.toISOString(),
    call: {
      callUuid: call.callUuid,
      kind: call.kind,
      result: call.result,
      number: call.outsideNumber ?? call.outsideKey ?? '',
      incomingNumber: call.incomingNumber,
      agentName: userName ?? (extensionName || call.agentExtension || ''),
      ringSeconds: call.ringSeconds,
      talkSeconds: call.talkSeconds,
    },
  }));
}

export async function recallsWithNumbers(
  conn: Conn,
  tenantUuid: string,
  keys: readonly string[],
  limit: number,
): Promise<{ at: string; recall: TimelineRecall }[]> {
  const assignee = alias(users, 'assignee');
  const doneBy = alias(users, 'done_by');
  const ofKey = (key: string) =>
    conn
      .select({
        item: recallItems,
        assigneeName: nameOf(assignee),
        groupName: userGroups.name,
        doneByName: nameOf(doneBy),
      })
      .from(recallItems)
      .leftJoin(assignee, eq(assignee.userUuid, recallItems.assigneeUserUuid))
      .leftJoin(userGroups, eq(userGroups.userGroupUuid, recallItems.assigneeGroupUuid))
      .leftJoin(doneBy, eq(doneBy.userUuid, recallItems.doneBy))
      .where(and(eq(recallItems.domainUuid, tenantUuid), eq(recallItems.numberKey, key)))
      .orderBy(desc(recallItems.createdAt), desc(recallItems.recallUuid))
      .limit(limit);
  const rows = await newestFirst(
    keys.map(ofKey),
    ({ item }) => ({ at: item.createdAt, id: item.recallUuid }),
    limit,
  );
  return rows.map(({ item, assigneeName, groupName, doneByName }) => ({
    at: item.createdAt.toISOString(),
    recall: {
      recallUuid: item.recallUuid,
      number: item.number,
      reason: item.reason,
      state: item.state,
      assigneeName: assigneeName ?? groupName ?? '',
      dueAt: item.dueAt?.toISOString() ?? null,
      doneAt: item.doneAt?.toISOString() ?? null,
      doneByName: doneByName ?? '',
    },
  }));
}

/** Recall items of the numbers that have no customer yet now belong to the customer (after a save). */
export async function claimRecallItems(
  conn: Conn,
  tenantUuid: string,
  customerUuid: string,
  keys: readonly string[],
) {
  if (keys.length === 0) return;
  await conn
    .update(recallItems)
    .set({ customerUuid })
    .where(
      and(
        eq(recallItems.domainUuid, tenantUuid),
        inArray(recallItems.numberKey, [...keys]),
        sql`${recallItems.customerUuid} IS NULL`,
      ),
    );
}

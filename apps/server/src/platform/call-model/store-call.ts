/**
 * Builds and stores the call (one row per call) from the legs stored so far. Legs of one call arrive
 * in any order (FreeSWITCH posts one json_cdr per leg), so every arriving leg folds the call again from
 * all its legs: the row stored after the last leg is the fold of the whole call, whatever the order.
 * Nothing is stored before the originating (caller's) leg has ended: it is the leg that says whether
 * the call was put through to anyone, so the result never changes once the call row exists; later
 * legs only add who answered and the timings.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { foldCall, numberKey, type CallLegFacts, type FoldedCall } from '@tsunagu/contract';
import type { Tx } from '../db/client';
import { calls, cdrs, extensions, users } from '../db/schema';

export type CallRow = typeof calls.$inferSelect;

/** The stored call and, when it replaced an earlier fold, the result that fold had. */
export interface StoredCall {
  call: CallRow;
  previousResult: FoldedCall['result'] | null;
}

/** The legs of one call with the extension number each belongs to. */
async function legsOf(tx: Tx, tenantUuid: string, callId: string): Promise<CallLegFacts[]> {
  const rows = await tx
    .select({ leg: cdrs, extension: extensions.extension })
    .from(cdrs)
    .leftJoin(extensions, eq(extensions.extensionUuid, cdrs.extensionUuid))
    .where(and(eq(cdrs.domainUuid, tenantUuid), eq(cdrs.callId, callId)));
  return rows.map(({ leg, extension }) => ({
    legUuid: leg.callUuid,
    callId,
    originating: leg.originating,
    direction: leg.direction,
    extension: extension ?? null,
    callerIdNumber: leg.callerIdNumber,
    destinationNumber: leg.destinationNumber,
    startStamp: leg.startStamp,
    answerStamp: leg.answerStamp,
    endStamp: leg.endStamp ?? leg.startStamp,
    hangupCause: leg.hangupCause,
    bridged: leg.bridged,
    endedIn: leg.endedIn,
    outOfHours: leg.outOfHours,
  }));
}

/** The tenant's extension with that number and the (first) user who has it. */
async function agentOf(tx: Tx, tenantUuid: string, extension: string | null) {
  if (!extension) return { extensionUuid: null, userUuid: null };
  const [row] = await tx
    .select({ extensionUuid: extensions.extensionUuid, userUuid: users.userUuid })
    .from(extensions)
    .leftJoin(users, eq(users.extensionUuid, extensions.extensionUuid))
    .where(and(eq(extensions.domainUuid, tenantUuid), eq(extensions.extension, extension)))
    .orderBy(users.userUuid)
    .limit(1);
  return { extensionUuid: row?.extensionUuid ?? null, userUuid: row?.userUuid ?? null };
}

/**
 * Folds the call `callId` of the tenant from its legs and stores it (insert or refresh), inside the
 * caller's transaction. Folds of the same call are serialised by a transaction lock, so two legs
 * arriving together cannot each store a fold that misses the other.
 */
export async function storeCallOf(
  tx: Tx,
  tenantUuid: string,
  callId: string,
  recording: string | null = null,
): Promise<StoredCall | null> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`call:${tenantUuid}:${callId}`}, 0))`);
  const legs = await legsOf(tx, tenantUuid, callId);
  // Rung legs wait for the caller's: it alone says who called whom and whether anyone was put through.
  if (!legs.some((l) => l.originating)) return null;
  const folded = foldCall(legs);
  const agent = await agentOf(tx, tenantUuid, folded.agentExtension);
  const [previous] = await tx
    .select({ result: calls.result, recording: calls.recording })
    .from(calls)
    .where(and(eq(calls.domainUuid, tenantUuid), eq(calls.callId, callId)));
  const values = {
    kind: folded.kind,
    startStamp: folded.startStamp,
    answerStamp: folded.answerStamp,
    endStamp: folded.endStamp,
    outsideNumber: folded.outsideNumber,
    outsideKey: numberKey(folded.outsideNumber),
    incomingNumber: folded.incomingNumber,
    agentExtension: folded.agentExtension,
    agentExtensionUuid: agent.extensionUuid,
    agentUserUuid: agent.userUuid,
    calleeNumber: folded.calleeNumber,
    ringSeconds: folded.ringSeconds,
    talkSeconds: folded.talkSeconds,
    result: folded.result,
    legCount: folded.legCount,
    recording: recording ?? previous?.recording ?? null,
  };
  const [call] = await tx
    .insert(calls)
    .values({ callUuid: randomUUID(), domainUuid: tenantUuid, callId, ...values })
    .onConflictDoUpdate({ target: [calls.domainUuid, calls.callId], set: values })
    .returning();
  return { call: call!, previousResult: previous?.result ?? null };
}

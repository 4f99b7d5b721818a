import { randomUUID } from 'node:crypto';
import { topics } from '@tsunagu/contract';
import type { Db } from '../../platform/db/client';
import type { CallRecord, TelephonyEngine } from '../../telephony/engine';
import { applyCallToRecall, openRecallCount } from '../../platform/call-model/recall-life-cycle';
import { storeCallOf } from '../../platform/call-model/store-call';
import { insertCdr, resolveCallOwner } from './cdr.repository';

export interface CdrIntakeDeps {
  db: Db;
  engine: TelephonyEngine;
  publish: (topic: string, body: string) => void;
  onError: (error: unknown) => void;
}

/**
 * Stores a finished call leg once (a second delivery changes nothing), folds its call again from all
 * its legs (the call model), lets the call open or close recall items, all in one transaction, and
 * publishes the tenant's recall count when the leg changed it: most calls do not, and every message
 * reaches every user of the tenant.
 */
export function createCallRecordStore({ db, publish }: Pick<CdrIntakeDeps, 'db' | 'publish'>) {
  return async (record: CallRecord): Promise<void> => {
    const owner = await resolveCallOwner(db, record.domainName, record.extension);
    if (!owner) return;
    const changed = await db.transaction(async (tx) => {
      const inserted = await insertCdr(tx, {
        cdrUuid: randomUUID(),
        domainUuid: owner.domainUuid,
        callUuid: record.callUuid,
        extensionUuid: owner.extensionUuid,
        direction: record.direction,
        callerIdName: record.callerIdName,
        callerIdNumber: record.callerIdNumber,
        destinationNumber: record.destinationNumber,
        startStamp: record.startStamp,
        answerStamp: record.answerStamp,
        endStamp: record.endStamp,
        duration: Math.max(0, Math.round((record.endStamp.getTime() - record.startStamp.getTime()) / 1000)),
        billsec: record.billsec,
        hangupCause: record.hangupCause,
        callId: record.callId,
        originating: record.originating,
        bridged: record.bridged,
        endedIn: record.endedIn,
        outOfHours: record.outOfHours,
      });
      if (!inserted) return false;
      const folded = await storeCallOf(
        tx,
        owner.domainUuid,
        record.callId,
        record.absence?.voicemail?.recording ?? null,
      );
      if (!folded) return false;
      const change = await applyCallToRecall(tx, folded.call);
      return change.opened + change.closed > 0;
    });
    // Only a leg that opened or closed a recall item changes the badge: most do not.
    if (changed)
      publish(topics.recall(owner.domainUuid), String(await openRecallCount(db, owner.domainUuid)));
  };
}

/** Stores every call leg the engine reports. */
export function storeCallRecords({ db, engine, publish, onError }: CdrIntakeDeps): () => void {
  const store = createCallRecordStore({ db, publish });
  return engine.on('cdr', (record) => void store(record).catch(onError));
}

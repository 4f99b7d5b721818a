import { randomUUID } from 'node:crypto';
import { topics } from '@tsunagu/contract';
import type { Db } from '../../platform/db/client';
import type { CallRecord, TelephonyEngine } from '../../telephony/engine';
import { insertCdr, recallCount, resolveCallOwner } from './cdr.repository';

export interface CdrIntakeDeps {
  db: Db;
  engine: TelephonyEngine;
  publish: (topic: string, body: string) => void;
  onError: (error: unknown) => void;
}

/** Stores a finished call leg once (a second delivery changes nothing) and republishes the tenant's recall count. */
export function createCallRecordStore({ db, publish }: Pick<CdrIntakeDeps, 'db' | 'publish'>) {
  return async (record: CallRecord): Promise<void> => {
    const owner = await resolveCallOwner(db, record.domainName, record.extension);
    if (!owner) return;
    const stored = await insertCdr(db, {
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
    });
    if (stored) publish(topics.recall(owner.domainUuid), String(await recallCount(db, owner.domainUuid)));
  };
}

/** Stores every call leg the engine reports. */
export function storeCallRecords({ db, engine, publish, onError }: CdrIntakeDeps): () => void {
  const store = createCallRecordStore({ db, publish });
  return engine.on('cdr', (record) => void store(record).catch(onError));
}

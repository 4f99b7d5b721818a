import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { recordingQuotaError } from '@tsunagu/contract';
import type { Db } from '../../platform/db/client';
import { bufferSource } from '../../platform/files/byte-source';
import type { RecordingStorage } from '../../platform/files/recording-storage';
import { storageUsage } from '../../platform/tenants/storage-usage';
import { wavStructure } from '../../platform/files/wav-structure';
import type { TelephonyEngine, VoicemailDeposit } from '../../telephony/engine';
import { insertMessage, resolveBox } from './voicemail.repository';

export interface VoicemailIntakeDeps {
  db: Db;
  engine: TelephonyEngine;
  storage: RecordingStorage;
  /** Tells the box's users their new count (the service's announceCount). */
  announceCount: (tenantUuid: string, extensionUuid: string) => Promise<number>;
  onError: (error: unknown) => void;
}

/** Why a message was not kept: said in the log only (the caller has hung up, nobody else is there to tell). */
export class VoicemailNotKept extends Error {
  override readonly name = 'VoicemailNotKept';
}

/** The message's WAV bytes: the sandbox's own, or the file mod_voicemail wrote. */
async function audioOf(deposit: VoicemailDeposit): Promise<Buffer> {
  const bytes = deposit.audio.kind === 'wav' ? deposit.audio.bytes : await readFile(deposit.audio.path);
  if ((await wavStructure(bufferSource(bytes))) !== 'clean') {
    throw new VoicemailNotKept(`voicemail ${deposit.sourceId}: not a clean WAV file`);
  }
  return bytes;
}

/**
 * Keeps a message an engine reports once (every instance hears FreeSWITCH's event; the row is keyed on
 * the engine's id), in the tenant's storage and within its quota, then tells the box's users.
 */
export function createVoicemailStore(deps: Omit<VoicemailIntakeDeps, 'engine' | 'onError'>) {
  const { db, storage } = deps;
  return async (deposit: VoicemailDeposit): Promise<boolean> => {
    const box = await resolveBox(db, deposit.domainName, deposit.extension);
    if (!box)
      throw new VoicemailNotKept(
        `voicemail ${deposit.sourceId}: no box ${deposit.extension}@${deposit.domainName}`,
      );
    const bytes = await audioOf(deposit);
    let storageName: string | null = null;
    let inserted = false;
    try {
      inserted = await db.transaction(async (tx) => {
        const usage = await storageUsage(tx, box.domainUuid, 'lock');
        if (!usage || recordingQuotaError(usage, bytes.length)) {
          throw new VoicemailNotKept(`voicemail ${deposit.sourceId}: the tenant's storage is full`);
        }
        storageName = await storage.save(box.domainUuid, 'wav', bytes);
        return insertMessage(tx, {
          messageUuid: randomUUID(),
          domainUuid: box.domainUuid,
          extensionUuid: box.extensionUuid,
          sourceId: deposit.sourceId,
          callerNumber: deposit.callerNumber,
          callerName: deposit.callerName,
          receivedAt: deposit.receivedAt,
          durationMs: deposit.durationMs,
          storageName,
          sizeBytes: bytes.length,
        });
      });
    } catch (error) {
      if (storageName) await storage.remove(box.domainUuid, storageName);
      throw error;
    }
    // Another instance stored it first: this copy goes.
    if (!inserted) {
      if (storageName) await storage.remove(box.domainUuid, storageName);
      return false;
    }
    await deps.announceCount(box.domainUuid, box.extensionUuid);
    return true;
  };
}

/** Keeps every message the engine reports. */
export function storeVoicemailMessages(deps: VoicemailIntakeDeps): () => void {
  const store = createVoicemailStore(deps);
  return deps.engine.on('voicemail', (deposit) => void store(deposit).catch(deps.onError));
}

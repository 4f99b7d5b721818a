/**
 * Call recording (通話録音): the tenant's setting, the record button's start and stop on the engine, the
 * recordings' files, their completion when a recorded leg ends, and the retention sweep.
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import {
  callRecordingFileName,
  callRecordingQuotaMessage,
  can,
  type CallRecordingSetting,
  type CallRecordingState,
} from '@tsunagu/contract';
import { Refusal } from '@tsunagu/contract/refusal';
import type { Auth } from '../../platform/auth/auth-context';
import { auditedTransaction, type Actor } from '../../platform/audit/audited-transaction';
import type { Conn, Db } from '../../platform/db/client';
import { wavLength } from '../../platform/files/wav-length';
import type { AudioFile } from '../../platform/files/send-audio';
import { commandFailure } from '../../platform/http/command-failure';
import { storageUsage } from '../../platform/tenants/storage-usage';
import { callRecordingFile, type CallRecord, type TelephonyEngine } from '../../telephony/engine';
import {
  deleteRecording,
  domainNameOf,
  expiredRecordings,
  extensionWasOnCall,
  findRecording,
  findSetting,
  finishRecording,
  insertRecording,
  ownExtension,
  runningOnChannel,
  saveSetting,
  tenantOfDomain,
} from './call-recording.repository';

/** How many expired recordings one sweep removes at most (the next sweep goes on). */
const SWEEP_BATCH = 500;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface CallRecordingDeps {
  db: Db;
  engine: TelephonyEngine;
  /** The recordings storage is `<dataDir>/recordings` (the engines write into the same place). */
  dataDir: string;
  now?: () => Date;
}

export function createCallRecordingService({
  db,
  engine,
  dataDir,
  now = () => new Date(),
}: CallRecordingDeps) {
  const root = resolve(dataDir, 'recordings');
  const pathOf = (tenantUuid: string, recordingUuid: string) =>
    resolve(root, callRecordingFile(tenantUuid, recordingUuid));

  /** The caller's own channel in the tenant's calls, with the engine's name of the tenant; else 404. */
  async function ownChannel(auth: Auth, tenantUuid: string, channelUuid: string) {
    const [domainName, own] = await Promise.all([
      tenantUuid === auth.domainUuid ? auth.domainName : domainNameOf(db, tenantUuid),
      ownExtension(db, tenantUuid, auth.userUuid),
    ]);
    if (!domainName || !own) throw new Refusal('not-found', 'callNotFound');
    const channel = engine.callState(domainName).find((entry) => entry.uuid === channelUuid);
    if (!channel || channel.extension !== own.extension) throw new Refusal('not-found', 'callNotFound');
    return { domainName };
  }

  /**
   * Sets a finished recording's end, size and length from its file; a recording with no file is dropped.
   * Inside a transaction, `conn` must be that transaction: a statement on `db` would wait for a second
   * connection, and PGlite has only one — 録音停止 hung there, its transaction open, for good.
   */
  async function complete(conn: Conn, tenantUuid: string, recordingUuid: string): Promise<void> {
    const file = await wavLength(pathOf(tenantUuid, recordingUuid));
    if (!file) await deleteRecording(conn, tenantUuid, recordingUuid);
    else await finishRecording(conn, tenantUuid, recordingUuid, { endedAt: now(), ...file });
  }

  return {
    setting: (tenantUuid: string) => findSetting(db, tenantUuid),

    /** Saves the setting (audited with before and after); the engines route by it from the next call. */
    async saveSetting(actor: Actor, tenantUuid: string, setting: CallRecordingSetting) {
      await auditedTransaction(db, { actor, tenantUuid, action: 'callRecording.save' }, async (tx) => {
        const before = await findSetting(tx, tenantUuid, true);
        await saveSetting(tx, tenantUuid, setting);
        return { target: tenantUuid, label: '通話録音の設定', before, after: setting };
      });
      engine.configChanged(tenantUuid, 'callRecording');
      return setting;
    },

    /**
     * 録音: the tenant must record on demand, the channel must be the caller's own, and the tenant's
     * storage must have room (checked with the tenant's row locked, as uploads are).
     */
    async start(actor: Actor, tenantUuid: string, channelUuid: string): Promise<CallRecordingState> {
      const { domainName } = await ownChannel(actor.auth, tenantUuid, channelUuid);
      const recordingUuid = randomUUID();
      await auditedTransaction(db, { actor, tenantUuid, action: 'callRecording.start' }, async (tx) => {
        const setting = await findSetting(tx, tenantUuid);
        if (setting.mode !== 'onDemand') throw new Refusal('conflict', 'callRecordingOff');
        if (await runningOnChannel(tx, tenantUuid, channelUuid)) {
          throw new Refusal('conflict', 'callRecordingRunning');
        }
        const usage = await storageUsage(tx, tenantUuid, 'lock');
        if (!usage) throw new Refusal('not-found', 'notFound');
        if (usage.usedBytes >= usage.quotaBytes)
          throw new Refusal('conflict', 'recordingStorageFull', { text: callRecordingQuotaMessage(usage) });
        const file = callRecordingFile(tenantUuid, recordingUuid);
        const { callId } = await engine
          .recordCall({ domainName, channelUuid, action: 'start', file })
          .catch((error: unknown) => {
            throw commandFailure(error);
          });
        const row = { recordingUuid, callId, channelUuid, startedBy: actor.auth.userUuid, startedAt: now() };
        await insertRecording(tx, { ...row, domainUuid: tenantUuid });
        return { target: recordingUuid, label: '通話録音', detail: { callId, channelUuid } };
      });
      return { recording: true, recordingUuid };
    },

    /** 録音停止: the engine closes the file; the recording stays on the call with its length. */
    async stop(actor: Actor, tenantUuid: string, channelUuid: string): Promise<CallRecordingState> {
      const { domainName } = await ownChannel(actor.auth, tenantUuid, channelUuid);
      const running = await runningOnChannel(db, tenantUuid, channelUuid);
      if (!running) throw new Refusal('conflict', 'callRecordingNotRunning');
      const file = callRecordingFile(tenantUuid, running.recordingUuid);
      await engine.recordCall({ domainName, channelUuid, action: 'stop', file }).catch((error: unknown) => {
        throw commandFailure(error);
      });
      await auditedTransaction(db, { actor, tenantUuid, action: 'callRecording.end' }, async (tx) => {
        await complete(tx, tenantUuid, running.recordingUuid);
        return { target: running.recordingUuid, label: '通話録音', detail: { callId: running.callId } };
      });
      return { recording: false, recordingUuid: running.recordingUuid };
    },

    /**
     * A recording's audio, for whoever reads the tenant's call history or was on the call; anyone else
     * (another tenant included) is told it does not exist.
     */
    async file(auth: Auth, tenantUuid: string, recordingUuid: string): Promise<AudioFile> {
      const row = await findRecording(db, tenantUuid, recordingUuid);
      if (!row) throw new Refusal('not-found', 'callRecordingNotFound');
      if (!can(auth, 'customer.callHistory.view')) {
        const own = await ownExtension(db, tenantUuid, auth.userUuid);
        const wasOn = own && (await extensionWasOnCall(db, tenantUuid, own.extensionUuid, row.callId));
        if (!wasOn) throw new Refusal('not-found', 'callRecordingNotFound');
      }
      const file = await wavLength(pathOf(tenantUuid, recordingUuid));
      if (!file) throw new Refusal('not-found', 'callRecordingNotFound');
      return {
        path: pathOf(tenantUuid, recordingUuid),
        size: file.bytes,
        mime: 'audio/wav',
        filename: callRecordingFileName(row.startedAt),
      };
    },

    /**
     * A leg ended (its engine finished its recordings first): what was recorded on it gets its length,
     * and a recording the engine made by itself for a tenant that records every call (named after the
     * leg) becomes one of the call's recordings.
     */
    async legEnded(record: CallRecord): Promise<void> {
      const tenantUuid = await tenantOfDomain(db, record.domainName);
      if (!tenantUuid || !UUID.test(record.callUuid)) return;
      for (let running = await runningOnChannel(db, tenantUuid, record.callUuid); running;) {
        await complete(db, tenantUuid, running.recordingUuid);
        running = await runningOnChannel(db, tenantUuid, record.callUuid);
      }
      const leg = record.callUuid.toLowerCase();
      if (await findRecording(db, tenantUuid, leg)) return;
      const file = await wavLength(pathOf(tenantUuid, leg));
      if (!file) return;
      const endedAt = record.endStamp;
      await insertRecording(db, {
        recordingUuid: leg,
        domainUuid: tenantUuid,
        callId: record.callId,
        channelUuid: record.callUuid,
        startedAt: new Date(endedAt.getTime() - file.seconds * 1000),
        endedAt,
        ...file,
      });
    },

    /** Removes the recordings (rows and files) older than their tenant's retention at `at`; how many. */
    async sweep(at: Date = now()): Promise<number> {
      const expired = await expiredRecordings(db, at, SWEEP_BATCH);
      for (const { recordingUuid, domainUuid } of expired) {
        await rm(pathOf(domainUuid, recordingUuid), { force: true });
        await deleteRecording(db, domainUuid, recordingUuid);
      }
      return expired.length;
    },
  };
}

export type CallRecordingService = ReturnType<typeof createCallRecordingService>;

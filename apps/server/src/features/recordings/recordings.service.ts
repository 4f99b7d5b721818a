import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  can,
  containsControlCharacter,
  hasControlCharacter,
  isDefaultRecording,
  isMissingRecordingFile,
  recordingEditError,
  recordingQuotaError,
  recordingSaveRequestSchema,
  recordingUploadError,
  type Recording,
  type RecordingListData,
  type RecordingSaveRequest,
} from '@tsunagu/contract';
import { Refusal, invalidInput } from '@tsunagu/contract/refusal';
import { z } from 'zod';
import type { Auth } from '../../platform/auth/auth-context';
import type { Db } from '../../platform/db/client';
import { AUDIO_MIME, inspectAudio } from '../../platform/files/audio-format';
import { withFileSource } from '../../platform/files/byte-source';
import type { RecordingStorage } from '../../platform/files/recording-storage';
import { commitChange, type Actor } from '../../platform/pbx/commit-change';
import { commitGuardedDelete } from '../../platform/pbx/delete-guard';
import type { TelephonyEngine } from '../../telephony/engine';
import {
  deleteRecording,
  findRecording,
  findRecordingByFilename,
  insertRecording,
  listRecordings,
  renameRecording,
  storageUsage,
} from './recordings.repository';
import type { Upload } from '../../platform/files/audio-upload';

export interface RecordingsServiceDeps {
  db: Db;
  engine: TelephonyEngine;
  storage: RecordingStorage;
}

/** The 'data' part of an upload: the recording object, whose name may still be empty (the rules say so). */
const uploadDataSchema = recordingSaveRequestSchema.extend({
  recordingName: z.string().max(100).default(''),
  recordingFilename: z.string().max(255).default(''),
});

/**
 * The tenant an upload's 'data' part names. The router scopes the tenant named in a path, query or JSON
 * body, but never sees inside a multipart body, so this one is scoped here by the same rule.
 */
function uploadTenant(auth: Auth, named: string | null | undefined): string {
  if (!named || named === auth.domainUuid) return auth.domainUuid;
  if (!can(auth, 'tenant.manage')) throw new Refusal('forbidden', 'otherTenant');
  return named;
}

function refuseBuiltIn(recording: Pick<Recording, 'recordingDescription'>): void {
  if (isDefaultRecording(recording)) throw new Refusal('forbidden', 'recordingBuiltIn');
}

function parseJson(text: string | null): unknown {
  if (text === null) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Refusal('invalid', 'invalidJson');
  }
  // The router refuses control characters in JSON bodies but cannot see inside a multipart one.
  if (containsControlCharacter(value)) throw new Refusal('invalid', 'controlCharacter');
  return value;
}

/** The upload's audio format, read from its content; refused (400) when it is not clean audio of its name's type. */
async function uploadedFormat(file: NonNullable<Upload['file']>) {
  const inspection = await withFileSource(file.staged.path, inspectAudio);
  if ('problem' in inspection) {
    throw new Refusal(
      'invalid',
      inspection.problem === 'structure' ? 'recordingFileBroken' : 'recordingFileType',
    );
  }
  const { format } = inspection;
  if (!file.name.toLowerCase().endsWith(`.${format}`) || isMissingRecordingFile(file.staged.size)) {
    throw new Refusal('invalid', 'recordingFileType');
  }
  return format;
}

export function createRecordingsService(deps: RecordingsServiceDeps) {
  const { db, storage } = deps;
  const list = (tenantUuid: string): Promise<Recording[]> => listRecordings(db, tenantUuid);

  /** The tenant's recordings (DEFAULT ones first) and how much of its storage they use. */
  async function listing(tenantUuid: string): Promise<RecordingListData> {
    const [rows, usage] = await Promise.all([list(tenantUuid), storageUsage(db, tenantUuid)]);
    if (!usage) throw new Refusal('not-found', 'notFound');
    return { list: rows, storage: usage };
  }

  async function storeUpload(actor: Actor, upload: Upload): Promise<RecordingListData> {
    const parsed = uploadDataSchema.safeParse(parseJson(upload.data));
    if (!parsed.success) throw invalidInput(parsed.error.issues[0]?.message);
    const data = parsed.data;
    const file = upload.file;
    if (file && hasControlCharacter(file.name)) throw new Refusal('invalid', 'controlCharacter');
    const error = recordingUploadError(file && { name: file.name, size: file.staged.size }, data);
    if (error || !file) throw error ? invalidInput(error) : new Refusal('invalid', 'recordingFileMissing');
    const format = await uploadedFormat(file);
    const tenantUuid = uploadTenant(actor.auth, data.domainUuid);
    const recordingUuid = randomUUID();
    const change = {
      actor,
      tenantUuid,
      kind: 'recording',
      action: 'recording.upload',
      conflicts: { recordings_domain_filename_unique: 'recordingFilenameTaken' },
    } as const;
    let storageName: string | null = null;
    try {
      await commitChange(deps, change, async (tx) => {
        const usage = await storageUsage(tx, tenantUuid, 'lock');
        if (!usage) throw new Refusal('not-found', 'notFound');
        const full = recordingQuotaError(usage, file.staged.size);
        if (full) throw new Refusal('too-large', 'recordingStorageFull', { text: full });
        storageName = await file.staged.keep(tenantUuid, format);
        const row = {
          recordingUuid,
          recordingName: data.recordingName.trim(),
          recordingFilename: file.name,
          storageName,
          sizeBytes: file.staged.size,
        };
        await insertRecording(tx, tenantUuid, row);
        return { target: recordingUuid, label: row.recordingName, detail: row };
      });
    } catch (failure) {
      if (storageName) await storage.remove(tenantUuid, storageName);
      throw failure;
    }
    return listing(tenantUuid);
  }

  return {
    /** The tenant's recordings (DEFAULT ones first). */
    list,
    listing,
    /** Streams an upload's file to disk for `upload` to check and keep (the upload route reads with it). */
    stage: (source: Readable) => storage.stage(source),

    /** Renames a recording; the built-in ones cannot be changed. */
    async rename(actor: Actor, tenantUuid: string, input: RecordingSaveRequest): Promise<RecordingListData> {
      const error = recordingEditError(input);
      if (error) throw invalidInput(error);
      if (!input.recordingUuid) throw new Refusal('invalid', 'inputInvalid');
      const recordingUuid = input.recordingUuid;
      const change = { actor, tenantUuid, kind: 'recording', action: 'recording.save' } as const;
      await commitChange(deps, change, async (tx) => {
        const found = await findRecording(tx, tenantUuid, recordingUuid);
        if (!found) throw new Refusal('not-found', 'notFound');
        refuseBuiltIn(found);
        await renameRecording(tx, tenantUuid, recordingUuid, input.recordingName.trim());
        const recordingName = input.recordingName.trim();
        return {
          target: recordingUuid,
          label: recordingName,
          before: { recordingName: found.recordingName },
          after: { recordingName },
        };
      });
      return listing(tenantUuid);
    },

    /**
     * Stores an uploaded wav/mp3 under a generated name in the tenant's storage. The content must really be
     * clean audio of the type its name claims, and fit in the tenant's quota; the row and the file appear
     * together or not at all, and the staged upload is gone afterwards whatever happened.
     */
    async upload(actor: Actor, upload: Upload): Promise<RecordingListData> {
      try {
        return await storeUpload(actor, upload);
      } finally {
        await upload.file?.staged.discard();
      }
    },

    /**
     * Deletes a recording, then its file; the built-in ones stay. Refused (409 「使用中: …」) while a ring group,
     * IVR or schedule plays it, unless `removeReferences` clears those in the same transaction.
     */
    async remove(
      actor: Actor,
      tenantUuid: string,
      recordingUuid: string,
      removeReferences = false,
    ): Promise<void> {
      const change = { actor, tenantUuid, kind: 'recording', action: 'recording.delete' } as const;
      const found = await commitGuardedDelete(deps, change, recordingUuid, removeReferences, {
        find: async (tx) => {
          const recording = await findRecording(tx, tenantUuid, recordingUuid);
          if (recording) refuseBuiltIn(recording);
          return recording;
        },
        remove: async (tx, recording) => {
          await deleteRecording(tx, tenantUuid, recordingUuid);
          return { recordingFilename: recording.recordingFilename };
        },
      });
      // Only after the commit: a failed delete must leave the file in place.
      await storage.remove(tenantUuid, found.storageName);
    },

    /**
     * The stored audio of one of the tenant's recordings, looked up by its filename in the tenant's table
     * (never used as a path). Downloads refuse built-in recordings; playing is allowed for every recording.
     */
    async file(tenantUuid: string, fileName: string, purpose: 'download' | 'play') {
      const found = await findRecordingByFilename(db, tenantUuid, fileName);
      if (!found) throw new Refusal('not-found', 'recordingNotFound');
      if (purpose === 'download') refuseBuiltIn(found);
      const stored = await storage.find(tenantUuid, found.storageName);
      if (!stored || isMissingRecordingFile(stored.size)) throw new Refusal('not-found', 'recordingNotFound');
      const format = found.storageName.endsWith('.mp3') ? 'mp3' : 'wav';
      return { ...stored, filename: found.recordingFilename, mime: AUDIO_MIME[format] };
    },
  };
}

export type RecordingsService = ReturnType<typeof createRecordingsService>;

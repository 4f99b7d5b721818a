import type { Readable } from 'node:stream';
import {
  hasControlCharacter,
  recordingQuotaError,
  RECORDING_EXTENSIONS,
  topics,
  VOICEMAIL_NO_ANSWER_SECONDS,
  type VoicemailBox,
  type VoicemailList,
  type VoicemailSettings,
} from '@tsunagu/contract';
import { Refusal } from '@tsunagu/contract/refusal';
import type { Db } from '../../platform/db/client';
import { auditedTransaction, type Actor } from '../../platform/audit/audited-transaction';
import type { Upload } from '../../platform/files/audio-upload';
import { AUDIO_MIME, inspectAudio } from '../../platform/files/audio-format';
import { withFileSource } from '../../platform/files/byte-source';
import type { RecordingStorage } from '../../platform/files/recording-storage';
import type { AudioFile } from '../../platform/files/send-audio';
import { storageUsage } from '../../platform/tenants/storage-usage';
import { commitChange } from '../../platform/pbx/commit-change';
import type { ConfigListener } from '../../platform/pbx/config-kind';
import {
  countUnheard,
  deleteMessage,
  findBox,
  findExtensionByNumber,
  findMessage,
  findOwnExtension,
  listMessages,
  saveBoxGreeting,
  saveBoxSettings,
  setHeard,
  usersOfExtension,
  type BoxRow,
} from './voicemail.repository';

export interface VoicemailServiceDeps {
  db: Db;
  engine: ConfigListener;
  storage: RecordingStorage;
  publish: (topic: string, body: string) => void;
}

/** A box never saved: off, and when switched on it takes unanswered and busy calls. */
const DEFAULT_SETTINGS: VoicemailSettings = {
  enabled: false,
  onNoAnswer: true,
  noAnswerSeconds: VOICEMAIL_NO_ANSWER_SECONDS.default,
  onBusy: true,
  ownGreeting: false,
};

function boxOf(extension: string, row: BoxRow | null): VoicemailBox {
  if (!row) return { extension, settings: DEFAULT_SETTINGS, greeting: null };
  const { enabled, onNoAnswer, noAnswerSeconds, onBusy, ownGreeting } = row;
  const greeting =
    row.greetingStorageName && row.greetingFileName
      ? {
          fileName: row.greetingFileName,
          sizeBytes: row.greetingSizeBytes,
          updatedAt: (row.greetingUpdatedAt ?? row.updatedAt).toISOString(),
        }
      : null;
  return { extension, settings: { enabled, onNoAnswer, noAnswerSeconds, onBusy, ownGreeting }, greeting };
}

const formatOf = (storageName: string) => (storageName.endsWith('.mp3') ? 'mp3' : 'wav');

/**
 * A user's own voicemail box: its settings, its own greeting and its messages. Every operation acts on
 * the box of the extension assigned to the caller in the request's tenant, so no input can reach
 * another user's (or another tenant's) box; a user without an extension has none (404).
 */
export function createVoicemailService(deps: VoicemailServiceDeps) {
  const { db, storage, publish } = deps;

  async function ownBox(tenantUuid: string, userUuid: string) {
    const own = await findOwnExtension(db, tenantUuid, userUuid);
    if (!own) throw new Refusal('not-found', 'extensionUnassigned');
    return own;
  }

  async function listing(tenantUuid: string, extensionUuid: string): Promise<VoicemailList> {
    const [rows, unheard] = await Promise.all([
      listMessages(db, tenantUuid, extensionUuid),
      countUnheard(db, tenantUuid, extensionUuid),
    ]);
    return {
      unheard,
      messages: rows.map((row) => ({
        messageUuid: row.messageUuid,
        callerNumber: row.callerNumber,
        callerName: row.callerName,
        receivedAt: row.receivedAt.toISOString(),
        seconds: Math.round(row.durationMs / 1000),
        heard: row.heardAt !== null,
      })),
    };
  }

  /** Tells the box's users (each of their consoles) how many new messages it holds now. */
  async function announceCount(tenantUuid: string, extensionUuid: string): Promise<number> {
    const [count, owners] = await Promise.all([
      countUnheard(db, tenantUuid, extensionUuid),
      usersOfExtension(db, tenantUuid, extensionUuid),
    ]);
    for (const userUuid of owners) publish(topics.voicemail(userUuid), String(count));
    return count;
  }

  async function checkedGreeting(file: NonNullable<Upload['file']>) {
    if (hasControlCharacter(file.name)) throw new Refusal('invalid', 'controlCharacter');
    const lower = file.name.toLowerCase();
    if (!RECORDING_EXTENSIONS.some((ext) => lower.endsWith(ext)))
      throw new Refusal('invalid', 'recordingFileType');
    const inspection = await withFileSource(file.staged.path, inspectAudio);
    if ('problem' in inspection) {
      throw new Refusal(
        'invalid',
        inspection.problem === 'structure' ? 'recordingFileBroken' : 'recordingFileType',
      );
    }
    if (!lower.endsWith(`.${inspection.format}`) || file.staged.size <= 44) {
      throw new Refusal('invalid', 'recordingFileType');
    }
    return inspection.format;
  }

  async function storeGreeting(actor: Actor, tenantUuid: string, upload: Upload): Promise<VoicemailBox> {
    const file = upload.file;
    if (!file) throw new Refusal('invalid', 'voicemailGreetingMissing');
    const format = await checkedGreeting(file);
    const own = await ownBox(tenantUuid, actor.auth.userUuid);
    let stored: string | null = null;
    let replaced: string | null = null;
    const change = { actor, tenantUuid, kind: 'extension', action: 'voicemail.greeting.upload' } as const;
    try {
      await commitChange(deps, change, async (tx) => {
        const usage = await storageUsage(tx, tenantUuid, 'lock');
        if (!usage) throw new Refusal('not-found', 'notFound');
        const before = await findBox(tx, tenantUuid, own.extensionUuid, true);
        // The greeting it replaces frees its room.
        const room = { ...usage, usedBytes: usage.usedBytes - (before?.greetingSizeBytes ?? 0) };
        const full = recordingQuotaError(room, file.staged.size);
        if (full) throw new Refusal('too-large', 'recordingStorageFull', { text: full });
        stored = await file.staged.keep(tenantUuid, format);
        replaced = before?.greetingStorageName ?? null;
        await saveBoxGreeting(tx, tenantUuid, own.extensionUuid, {
          storageName: stored,
          fileName: file.name,
          sizeBytes: file.staged.size,
        });
        return {
          target: own.extensionUuid,
          label: own.extension,
          detail: { fileName: file.name, sizeBytes: file.staged.size },
        };
      });
    } catch (failure) {
      if (stored) await storage.remove(tenantUuid, stored);
      throw failure;
    }
    if (replaced) await storage.remove(tenantUuid, replaced);
    return boxOf(own.extension, await findBox(db, tenantUuid, own.extensionUuid));
  }

  return {
    async box(tenantUuid: string, userUuid: string): Promise<VoicemailBox> {
      const own = await ownBox(tenantUuid, userUuid);
      return boxOf(own.extension, await findBox(db, tenantUuid, own.extensionUuid));
    },

    /** Saves the settings (audited); routing on both engines follows them at once. */
    async save(actor: Actor, tenantUuid: string, settings: VoicemailSettings): Promise<VoicemailBox> {
      const own = await ownBox(tenantUuid, actor.auth.userUuid);
      const change = { actor, tenantUuid, kind: 'extension', action: 'voicemail.save' } as const;
      await commitChange(deps, change, async (tx) => {
        const before = await findBox(tx, tenantUuid, own.extensionUuid, true);
        if (settings.ownGreeting && !before?.greetingStorageName) {
          throw new Refusal('invalid', 'voicemailGreetingNone');
        }
        await saveBoxSettings(tx, tenantUuid, own.extensionUuid, settings);
        return {
          target: own.extensionUuid,
          label: own.extension,
          before: boxOf(own.extension, before).settings,
          after: settings,
        };
      });
      return boxOf(own.extension, await findBox(db, tenantUuid, own.extensionUuid));
    },

    stage: (source: Readable) => storage.stage(source),

    /**
     * Keeps an uploaded (or browser-recorded) WAV/MP3 as the box's own greeting, checked like a
     * recording upload (real audio of its name's type, within the tenant's storage quota); the box
     * plays it from then on. The staged file is gone afterwards whatever happened.
     */
    async uploadGreeting(actor: Actor, tenantUuid: string, upload: Upload): Promise<VoicemailBox> {
      try {
        return await storeGreeting(actor, tenantUuid, upload);
      } finally {
        await upload.file?.staged.discard();
      }
    },

    /** Removes the own greeting: the standard one plays again. */
    async deleteGreeting(actor: Actor, tenantUuid: string): Promise<VoicemailBox> {
      const own = await ownBox(tenantUuid, actor.auth.userUuid);
      let removed: string | null = null;
      const change = { actor, tenantUuid, kind: 'extension', action: 'voicemail.greeting.delete' } as const;
      await commitChange(deps, change, async (tx) => {
        const before = await findBox(tx, tenantUuid, own.extensionUuid, true);
        if (!before?.greetingStorageName) throw new Refusal('not-found', 'voicemailGreetingNone');
        removed = before.greetingStorageName;
        await saveBoxGreeting(tx, tenantUuid, own.extensionUuid, null);
        return {
          target: own.extensionUuid,
          label: own.extension,
          detail: { fileName: before.greetingFileName },
        };
      });
      if (removed) await storage.remove(tenantUuid, removed);
      return boxOf(own.extension, await findBox(db, tenantUuid, own.extensionUuid));
    },

    /** The own greeting, or a colleague's box's (what callers hear), as a file. */
    async greetingFile(tenantUuid: string, userUuid: string, extension?: string): Promise<AudioFile> {
      const box = extension
        ? await findExtensionByNumber(db, tenantUuid, extension)
        : await ownBox(tenantUuid, userUuid);
      const row = box ? await findBox(db, tenantUuid, box.extensionUuid) : null;
      const found = row?.greetingStorageName ? await storage.find(tenantUuid, row.greetingStorageName) : null;
      if (!row?.greetingStorageName || !found) throw new Refusal('not-found', 'voicemailGreetingNone');
      const format = formatOf(row.greetingStorageName);
      return { ...found, mime: AUDIO_MIME[format], filename: row.greetingFileName ?? `greeting.${format}` };
    },

    async messages(tenantUuid: string, userUuid: string): Promise<VoicemailList> {
      const own = await ownBox(tenantUuid, userUuid);
      return listing(tenantUuid, own.extensionUuid);
    },

    async messageFile(tenantUuid: string, userUuid: string, messageUuid: string): Promise<AudioFile> {
      const own = await ownBox(tenantUuid, userUuid);
      const message = await findMessage(db, tenantUuid, own.extensionUuid, messageUuid);
      const found = message ? await storage.find(tenantUuid, message.storageName) : null;
      if (!message || !found) throw new Refusal('not-found', 'voicemailMessageNotFound');
      // 留守電_<caller>_<yyyymmdd-hhmmss>.wav: a downloaded file says whose and when.
      const stamp = message.receivedAt.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
      const caller = message.callerNumber.replace(/[^0-9A-Za-z+]/g, '') || 'unknown';
      const format = formatOf(message.storageName);
      return { ...found, mime: AUDIO_MIME[format], filename: `留守電_${caller}_${stamp}.${format}` };
    },

    async heard(tenantUuid: string, userUuid: string, messageUuid: string, heard: boolean) {
      const own = await ownBox(tenantUuid, userUuid);
      if (!(await setHeard(db, tenantUuid, own.extensionUuid, messageUuid, heard))) {
        throw new Refusal('not-found', 'voicemailMessageNotFound');
      }
      await announceCount(tenantUuid, own.extensionUuid);
      return listing(tenantUuid, own.extensionUuid);
    },

    /** Deletes a message and its file (audited). */
    async deleteMessage(actor: Actor, tenantUuid: string, messageUuid: string): Promise<VoicemailList> {
      const own = await ownBox(tenantUuid, actor.auth.userUuid);
      const removed = await auditedTransaction(
        db,
        { actor, tenantUuid, action: 'voicemail.message.delete' },
        async (tx) => {
          const row = await deleteMessage(tx, tenantUuid, own.extensionUuid, messageUuid);
          if (!row) throw new Refusal('not-found', 'voicemailMessageNotFound');
          return {
            target: messageUuid,
            label: own.extension,
            detail: { callerNumber: row.callerNumber, receivedAt: row.receivedAt.toISOString() },
            storageName: row.storageName,
          };
        },
      );
      await storage.remove(tenantUuid, removed.storageName);
      await announceCount(tenantUuid, own.extensionUuid);
      return listing(tenantUuid, own.extensionUuid);
    },

    announceCount,
  };
}

export type VoicemailService = ReturnType<typeof createVoicemailService>;

import { z } from 'zod';
import { reasons } from '../reasons';
import { idSchema, isBlank, listDataSchema } from './shared';

/** recordingDescription of the built-in recordings, which can be played but not edited, deleted or downloaded. */
export const DEFAULT_RECORDING = 'DEFAULT';
/** A downloaded or played file smaller than this many bytes is treated as missing. */
export const RECORDING_NOT_FOUND_BYTES = 100;
/** Upload types (the file input's `accept`); the spec's 'wav only' note is not enforced. */
export const RECORDING_EXTENSIONS = ['.mp3', '.wav'] as const;
export const RECORDING_ACCEPT = RECORDING_EXTENSIONS.join(',');
/** Largest upload, 20 MB. */
export const RECORDING_MAX_BYTES = 20 * 1024 * 1024;
/** A tenant's storage for its own audio files unless the provider sets another (domains.recording_quota_bytes). */
export const RECORDING_QUOTA_DEFAULT_BYTES = 100 * 1024 * 1024;

/** A recording as listed (spec 3 "Recording"). */
export const recordingSchema = z.object({
  recordingUuid: idSchema,
  domainUuid: idSchema,
  recordingName: z.string(),
  recordingFilename: z.string(),
  /** 'DEFAULT' marks a built-in recording. */
  recordingDescription: z.string().nullable(),
});
export type Recording = z.infer<typeof recordingSchema>;

/** How much of its audio storage a tenant uses: its own uploads (built-in recordings are not counted). */
export const recordingStorageUsageSchema = z.object({ usedBytes: z.number(), quotaBytes: z.number() });
export type RecordingStorageUsage = z.infer<typeof recordingStorageUsageSchema>;

/** GET /v1/recording/{domainUuid}, and the answer of an upload or a rename: the list and the storage used. */
export const recordingListDataSchema = listDataSchema(recordingSchema).extend({
  storage: recordingStorageUsageSchema,
});
export type RecordingListData = z.infer<typeof recordingListDataSchema>;

/**
 * Query of the download and play endpoints. `domainUuid` stays in it though no handler reads it: the router
 * scopes the tenant named in the parsed query, and parsing drops keys the schema does not name.
 */
export const recordingFileQuerySchema = z.object({
  fileName: z.string().max(255).default(''),
  domainUuid: idSchema.optional(),
});

/** POST /v1/recording (rename) and the 'data' part of POST /v1/recording/upload (recordingUuid null). */
export const recordingSaveRequestSchema = z.object({
  recordingUuid: idSchema.nullish(),
  domainUuid: idSchema.optional(),
  recordingName: z.string().max(100),
  recordingFilename: z.string().max(255),
});
export type RecordingSaveRequest = z.infer<typeof recordingSaveRequestSchema>;

export const recordingMessages = {
  nameMissing: '名前を入力してください。',
  fileMissing: reasons.recordingFileMissing,
  fileType: reasons.recordingFileType,
  fileName: 'ファイル名に空白や使用できない文字（/ \\ など）が含まれています。',
  fileTooLarge: reasons.recordingFileTooLarge,
  notFound: reasons.recordingNotFound,
  /** Audio whose structure is not clean: bytes after its end, a chunk or frame running past the file. */
  fileBroken: reasons.recordingFileBroken,
} as const;

const MB = 1024 * 1024;

/**
 * Bytes as megabytes with at most one decimal ('100 MB', '98.2 MB'); a non-zero amount is rounded up,
 * so a nearly full storage never reads as having room it has not.
 */
export function formatMegabytes(bytes: number): string {
  // Bytes times ten over a power of two: exact in floating point for whole byte counts.
  const tenths = Math.ceil((bytes * 10) / MB);
  return `${tenths % 10 === 0 ? tenths / 10 : (tenths / 10).toFixed(1)} MB`;
}

/** The refusal of an upload that would pass the tenant's quota, naming the limit and the usage. */
export function recordingQuotaMessage({ usedBytes, quotaBytes }: RecordingStorageUsage): string {
  return `音声ファイルの保存容量の上限（${formatMegabytes(quotaBytes)}）を超えるため保存できません。現在の使用量: ${formatMegabytes(usedBytes)}`;
}

/**
 * The refusal of a file of `size` bytes that does not fit in the tenant's storage, or null. The dialog checks
 * it against the usage it has; the server checks it again with the tenant's row locked.
 */
export function recordingQuotaError(usage: RecordingStorageUsage, size: number): string | null {
  return usage.usedBytes + size > usage.quotaBytes ? recordingQuotaMessage(usage) : null;
}

/** 「使用量 12.3 MB / 100 MB」 under the recordings list. */
export function recordingUsageText({ usedBytes, quotaBytes }: RecordingStorageUsage): string {
  return `使用量 ${formatMegabytes(usedBytes)} / ${formatMegabytes(quotaBytes)}`;
}

/** The file being uploaded, as both the browser's File and the server's multipart part describe it. */
export interface UploadFile {
  name: string;
  size: number;
}

/** True for a built-in recording (play only). */
export function isDefaultRecording(recording: Pick<Recording, 'recordingDescription'>): boolean {
  return recording.recordingDescription === DEFAULT_RECORDING;
}

/** True when a fetched file is too small to be a real recording ('ファイルが見つかりません.'). */
export function isMissingRecordingFile(size: number): boolean {
  return size < RECORDING_NOT_FOUND_BYTES;
}

/**
 * True when the filename can be stored and played: no path separators, control characters or spaces
 * (playback passes it as one whitespace-separated dialplan argument), not hidden.
 */
export function isSafeRecordingFilename(name: string): boolean {
  return name !== '' && !name.startsWith('.') && !/[\s/\\\p{Cc}]/u.test(name);
}

/** First failing rename rule, or null. */
export function recordingEditError(input: Pick<RecordingSaveRequest, 'recordingName'>): string | null {
  return isBlank(input.recordingName) ? recordingMessages.nameMissing : null;
}

/** First failing upload rule, or null: the file (present, type, name, size) first, then the name. */
export function recordingUploadError(
  file: UploadFile | null | undefined,
  input: Pick<RecordingSaveRequest, 'recordingName'>,
): string | null {
  if (!file) return recordingMessages.fileMissing;
  const lower = file.name.toLowerCase();
  if (!RECORDING_EXTENSIONS.some((ext) => lower.endsWith(ext))) return recordingMessages.fileType;
  if (!isSafeRecordingFilename(file.name)) return recordingMessages.fileName;
  if (file.size > RECORDING_MAX_BYTES) return recordingMessages.fileTooLarge;
  return recordingEditError(input);
}

import { z } from 'zod';
import { idSchema, isBlank } from './shared';

/** recordingDescription of the built-in recordings, which can be played but not edited, deleted or downloaded. */
export const DEFAULT_RECORDING = 'DEFAULT';
/** A downloaded or played file smaller than this many bytes is treated as missing. */
export const RECORDING_NOT_FOUND_BYTES = 100;
/** Upload types (the file input's `accept`); the spec's 'wav only' note is not enforced. */
export const RECORDING_EXTENSIONS = ['.mp3', '.wav'] as const;
export const RECORDING_ACCEPT = RECORDING_EXTENSIONS.join(',');
/** Largest upload, 20 MB. */
export const RECORDING_MAX_BYTES = 20 * 1024 * 1024;

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
  fileMissing: 'ファイルを選択してください。',
  fileType: '音声ファイル（.mp3 / .wav）を選択してください。',
  fileName: 'ファイル名に空白や使用できない文字（/ \\ など）が含まれています。',
  fileTooLarge: 'ファイルサイズは20MB以下にしてください。',
  notFound: 'ファイルが見つかりません.',
} as const;

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

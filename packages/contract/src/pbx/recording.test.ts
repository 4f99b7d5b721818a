import { describe, expect, it } from 'vitest';
import {
  RECORDING_ACCEPT,
  formatMegabytes,
  isDefaultRecording,
  isMissingRecordingFile,
  isSafeRecordingFilename,
  recordingEditError,
  recordingMessages,
  recordingQuotaError,
  recordingQuotaMessage,
  recordingUploadError,
  recordingUsageText,
} from './recording';

const MB = 1024 * 1024;

describe('recording rules', () => {
  it('requires a name when renaming', () => {
    expect(recordingEditError({ recordingName: ' ' })).toBe('名前を入力してください。');
    expect(recordingEditError({ recordingName: '受付' })).toBeNull();
  });

  it('checks the upload file before the name', () => {
    expect(recordingUploadError(null, { recordingName: '' })).toBe('ファイルを選択してください。');
    expect(recordingUploadError({ name: 'hello.wav', size: 1000 }, { recordingName: '' })).toBe(
      '名前を入力してください。',
    );
    expect(recordingUploadError({ name: 'hello.wav', size: 1000 }, { recordingName: '受付' })).toBeNull();
  });

  it('accepts .mp3 and .wav only', () => {
    expect(RECORDING_ACCEPT).toBe('.mp3,.wav');
    expect(recordingUploadError({ name: 'Hello.MP3', size: 1000 }, { recordingName: 'a' })).toBeNull();
    expect(recordingUploadError({ name: 'hello.ogg', size: 1000 }, { recordingName: 'a' })).toBe(
      '音声ファイル（.mp3 / .wav）を選択してください。',
    );
  });

  it('refuses filenames that are unsafe to store or play', () => {
    for (const name of ['../x.wav', 'a/b.wav', 'a\\b.wav', 'my file.wav', '.hidden.wav', 'a\u0000.wav']) {
      expect(isSafeRecordingFilename(name), name).toBe(false);
      expect(recordingUploadError({ name, size: 1000 }, { recordingName: 'a' }), name).toBe(
        recordingMessages.fileName,
      );
    }
    expect(isSafeRecordingFilename('受付_2024.wav')).toBe(true);
  });

  it('limits uploads to 20 MB', () => {
    expect(recordingUploadError({ name: 'a.wav', size: 20 * MB }, { recordingName: 'a' })).toBeNull();
    expect(recordingUploadError({ name: 'a.wav', size: 20 * MB + 1 }, { recordingName: 'a' })).toBe(
      'ファイルサイズは20MB以下にしてください。',
    );
  });
});

describe('recording states', () => {
  it("protects recordings described 'DEFAULT'", () => {
    expect(isDefaultRecording({ recordingDescription: 'DEFAULT' })).toBe(true);
    expect(isDefaultRecording({ recordingDescription: null })).toBe(false);
    expect(isDefaultRecording({ recordingDescription: 'default' })).toBe(false);
  });

  it('treats files under 100 bytes as not found', () => {
    expect(isMissingRecordingFile(99)).toBe(true);
    expect(isMissingRecordingFile(100)).toBe(false);
    expect(recordingMessages.notFound).toBe('ファイルが見つかりません.');
  });
});

describe('storage quota texts', () => {
  it('shows megabytes with at most one decimal, never rounding usage down', () => {
    expect(formatMegabytes(0)).toBe('0 MB');
    expect(formatMegabytes(100 * MB)).toBe('100 MB');
    expect(formatMegabytes(98.2 * MB)).toBe('98.2 MB');
    expect(formatMegabytes(98.21 * MB)).toBe('98.3 MB');
    expect(formatMegabytes(16_044)).toBe('0.1 MB');
    expect(formatMegabytes(MB * 12 + 1)).toBe('12.1 MB');
  });

  it('names the limit and the usage', () => {
    expect(recordingQuotaMessage({ usedBytes: 98.2 * MB, quotaBytes: 100 * MB })).toBe(
      '音声ファイルの保存容量の上限（100 MB）を超えるため保存できません。現在の使用量: 98.2 MB',
    );
    expect(recordingUsageText({ usedBytes: 12.3 * MB, quotaBytes: 100 * MB })).toBe(
      '使用量 12.3 MB / 100 MB',
    );
  });

  it('lets a file fill the quota exactly, not pass it', () => {
    const usage = { usedBytes: 99 * MB, quotaBytes: 100 * MB };
    expect(recordingQuotaError(usage, MB)).toBeNull();
    expect(recordingQuotaError(usage, MB + 1)).toBe(
      '音声ファイルの保存容量の上限（100 MB）を超えるため保存できません。現在の使用量: 99 MB',
    );
  });
});

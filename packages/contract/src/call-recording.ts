import { z } from 'zod';
import { formatMegabytes } from './pbx/recording';

/**
 * Call recording (通話録音, issue 20): the tenant's setting, the recordings kept on a call, and the
 * softphone's record button. Not the PBX's audio files (音声ファイル), which are prompts and greetings.
 */

/** off: never; onDemand: the record button during a call; always: every connected call from its answer. */
export const CALL_RECORDING_MODES = ['off', 'onDemand', 'always'] as const;
export type CallRecordingMode = (typeof CALL_RECORDING_MODES)[number];

/** The mode's name as the settings show it. */
export const CALL_RECORDING_MODE_LABELS: Record<CallRecordingMode, string> = {
  off: '録音しない',
  onDemand: '通話中に操作した時だけ録音',
  always: 'すべての通話を録音',
};

/** The shortest and longest retention a tenant may choose (days). */
export const CALL_RECORDING_RETENTION = { min: 1, max: 3650, default: 90 } as const;

export const callRecordingMessages = {
  modeInvalid: '録音の設定を選んでください。',
  retentionInvalid: `保存期間は${CALL_RECORDING_RETENTION.min}〜${CALL_RECORDING_RETENTION.max}日の整数で入力してください。`,
} as const;

/** The tenant's call recording setting. */
export const callRecordingSettingSchema = z.object({
  mode: z.enum(CALL_RECORDING_MODES, { error: callRecordingMessages.modeInvalid }),
  /** Recordings older than this many days are deleted. */
  retentionDays: z.coerce
    .number({ error: callRecordingMessages.retentionInvalid })
    .int(callRecordingMessages.retentionInvalid)
    .min(CALL_RECORDING_RETENTION.min, callRecordingMessages.retentionInvalid)
    .max(CALL_RECORDING_RETENTION.max, callRecordingMessages.retentionInvalid),
});
export type CallRecordingSetting = z.infer<typeof callRecordingSettingSchema>;

/** A recording kept on a call, as both call histories list it. */
export const callRecordingRefSchema = z.object({
  recordingUuid: z.string(),
  /** ISO 8601: when recording started. */
  startedAt: z.string(),
  /** Length in whole seconds (0 while it is still being recorded). */
  seconds: z.number(),
  bytes: z.number(),
});
export type CallRecordingRef = z.infer<typeof callRecordingRefSchema>;

/** Body of the record button: the caller's own channel (its softphone's call id). */
export const callRecordingControlSchema = z.object({
  channelUuid: z.string().trim().min(1).max(64),
});

/** What the record button changed: whether the channel's call is being recorded now. */
export const callRecordingStateSchema = z.object({
  recording: z.boolean(),
  recordingUuid: z.string().nullable(),
});
export type CallRecordingState = z.infer<typeof callRecordingStateSchema>;

/** The refusal of a recording when the tenant's storage is full, naming the limit and the usage. */
export function callRecordingQuotaMessage(usage: { usedBytes: number; quotaBytes: number }): string {
  return `保存容量の上限（${formatMegabytes(usage.quotaBytes)}）に達しているため録音できません。現在の使用量: ${formatMegabytes(usage.usedBytes)}`;
}

/** The file name a download of a recording gets: 通話録音_20261128-104512.wav (local time of the viewer's choice). */
export function callRecordingFileName(startedAt: Date, timeZone = 'Asia/Tokyo'): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(startedAt);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `通話録音_${part('year')}${part('month')}${part('day')}-${part('hour')}${part('minute')}${part('second')}.wav`;
}

import { z } from 'zod';

/**
 * A user's own voicemail box (留守番電話): the box of the extension assigned to them. A call to the
 * extension that is not answered in time, or that finds it busy, goes to the box when the box says
 * so: the greeting plays, then the tone, and the caller's message is kept for the browser.
 */

/** Seconds the extension rings before the box answers. */
export const VOICEMAIL_NO_ANSWER_SECONDS = { min: 5, max: 120, default: 20 } as const;
/** The longest message: a caller still talking then is cut off (mod_voicemail's max-record-len default). */
export const VOICEMAIL_MAX_MESSAGE_SECONDS = 300;
/**
 * Messages shorter than this are not kept (mod_voicemail's min-record-len default): a caller who hangs up at
 * the tone leaves nothing.
 */
export const VOICEMAIL_MIN_MESSAGE_SECONDS = 3;
/** Sample rate of the messages the sandbox records (16-bit mono PCM WAV, as mod_voicemail writes them). */
export const VOICEMAIL_SAMPLE_RATE = 8000;

/** The box's settings, as the settings tab saves them (no PIN: the browser is signed in already). */
export const voicemailSettingsSchema = z.object({
  /** The box takes calls at all. */
  enabled: z.boolean({ error: '留守番電話の利用を選択してください。' }),
  /** A call not answered within noAnswerSeconds goes to the box. */
  onNoAnswer: z.boolean({ error: '応答がないときの動作を選択してください。' }),
  noAnswerSeconds: z
    .number({ error: '呼出秒数を入力してください。' })
    .int({ error: '呼出秒数は整数で入力してください。' })
    .min(VOICEMAIL_NO_ANSWER_SECONDS.min, {
      error: `呼出秒数は${VOICEMAIL_NO_ANSWER_SECONDS.min}秒以上で入力してください。`,
    })
    .max(VOICEMAIL_NO_ANSWER_SECONDS.max, {
      error: `呼出秒数は${VOICEMAIL_NO_ANSWER_SECONDS.max}秒以下で入力してください。`,
    }),
  /** A call that finds the extension busy (on calls, refusing, or on do-not-disturb) goes to the box. */
  onBusy: z.boolean({ error: '話し中のときの動作を選択してください。' }),
  /** Play the box's own greeting (uploaded or recorded) instead of the standard one. */
  ownGreeting: z.boolean({ error: '応答メッセージを選択してください。' }),
});
export type VoicemailSettings = z.infer<typeof voicemailSettingsSchema>;

/** The box's own greeting, when one was uploaded or recorded. */
export const voicemailGreetingSchema = z.object({
  /** The file name it was uploaded with (a recording made in the browser is named by the browser). */
  fileName: z.string(),
  sizeBytes: z.number(),
  updatedAt: z.string(),
});
export type VoicemailGreeting = z.infer<typeof voicemailGreetingSchema>;

/** GET /v1/voicemail/box: the caller's own box. */
export const voicemailBoxSchema = z.object({
  /** The extension the box belongs to. */
  extension: z.string(),
  settings: voicemailSettingsSchema,
  greeting: voicemailGreetingSchema.nullable(),
});
export type VoicemailBox = z.infer<typeof voicemailBoxSchema>;

/** One message in the box, newest first in the list. */
export const voicemailMessageSchema = z.object({
  messageUuid: z.uuid(),
  callerNumber: z.string(),
  callerName: z.string(),
  /** When the caller started speaking (ISO 8601). */
  receivedAt: z.string(),
  /** Its length in whole seconds. */
  seconds: z.number(),
  /** Listened to (or marked so) by its owner. */
  heard: z.boolean(),
});
export type VoicemailMessage = z.infer<typeof voicemailMessageSchema>;

/** The message list with the count of new (unheard) messages, which the badge shows. */
export const voicemailListSchema = z.object({
  messages: z.array(voicemailMessageSchema),
  unheard: z.number(),
});
export type VoicemailList = z.infer<typeof voicemailListSchema>;

/** POST /v1/voicemail/heard: mark a message heard or new again. */
export const voicemailHeardSchema = z.object({
  messageUuid: z.uuid({ error: 'メッセージが見つかりません。' }),
  heard: z.boolean({ error: '既読か未読かを選択してください。' }),
});
export type VoicemailHeard = z.infer<typeof voicemailHeardSchema>;

/** Body of /topic/voicemail/{userUuid}: the owner's count of new messages, as digits. */
export function parseVoicemailCount(body: string): number | null {
  return /^\d{1,9}$/.test(body.trim()) ? Number(body.trim()) : null;
}

/** Messages about the box that are not a schema's own. */
export const voicemailMessages = {
  greetingMissing: '応答メッセージの音声ファイルを選択してください。',
  greetingNone: '自分の応答メッセージがまだありません。録音するか、ファイルをアップロードしてください。',
  messageNotFound: 'メッセージが見つかりません。',
} as const;

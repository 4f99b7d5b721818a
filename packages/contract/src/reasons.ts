import { messages } from './messages';

/**
 * Why the telephony engines and the services refuse something, by code. They throw the code (the
 * engines' `EngineCommandError`, the services' `ApiError` with `reasons.x`); this table is the one place
 * its Japanese text is written, for the server's answers and for the web where it shows the same reason.
 */
export const reasons = {
  /** A command argument the server made itself is malformed (a bug, never the user's input). */
  commandInvalid: messages.badRequest,
  /** The telephony engine (FreeSWITCH) cannot be reached: 503, the request may be repeated. */
  telephonyUnreachable: '電話システムに接続できません。しばらくしてから再度お試しください。',
  tenantUnknown: 'テナントが見つかりません。',
  tenantNameInvalid: 'テナント名が正しくありません。',
  callNotFound: '通話が見つかりません。',
  /** No ringing call to answer (the sandbox's simulated answer). */
  noRingingCall: '着信中の通話がありません。',
  numberInvalid: '電話番号を確認してください。',
  transferTargetInvalid: '転送先の番号を確認してください。',
  nothingToTransfer: '転送できる通話がありません。',
  parkSlotBusy: 'その駐車枠は使用中です。',
  extensionNotFound: '内線が見つかりません。',
  extensionNumberInvalid: '内線番号が正しくありません。',
  extensionUnassigned: '内線番号が割り当てられていません。',
  /** The extension is known but none of its phones is registered. */
  extensionOffline: '内線の電話がつながっていません。',
  noDeskPhone: 'この内線には卓上電話がありません。',
  destinationNotFound: '着信番号が見つかりません。',
  popupLocked: 'ポップアップ設定は変更できません。',
  recordingBuiltIn: '標準の音声ファイルは変更・削除・ダウンロードできません。',
  recordingFilenameTaken: '同じファイル名の音声ファイルが既に登録されています。',
  /** The tenant's call recording setting does not offer the record button. */
  callRecordingOff: 'この通話は録音できません（録音の設定が「通話中に操作した時だけ録音」ではありません）。',
  callRecordingRunning: 'この通話は既に録音中です。',
  callRecordingNotRunning: 'この通話は録音していません。',
  /** Recording needs a connected call. */
  callRecordingNotConnected: '通話がつながってから録音してください。',
  callRecordingNotFound: '録音が見つかりません。',
  /** The engine has nowhere to write recordings (a sandbox started without a storage folder). */
  callRecordingUnavailable: 'この電話システムでは録音できません。',
  ivrNumbersExhausted: 'IVRに割り当てられる番号がありません。不要なIVRを削除してください。',
} as const;

/** A reason's code. */
export type Reason = keyof typeof reasons;

/** What kind of refusal: the caller's mistake, nothing to act on, or a state that does not allow it. */
export type RefusalKind = 'invalid' | 'not-found' | 'conflict';

/** A refusal by code (the telephony engines' base error); the HTTP layer answers it with the code's text. */
export class Refusal extends Error {
  override readonly name: string = 'Refusal';
  constructor(
    readonly failure: RefusalKind,
    readonly code: Reason,
  ) {
    super(reasons[code]);
  }
}

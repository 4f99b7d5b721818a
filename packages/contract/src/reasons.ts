import { messages } from './messages';

/**
 * Why the server refuses something, by code: the core table (requests, sessions, PBX rows, telephony).
 * The telephony engines and the services throw a `Refusal` (refusal.ts) naming its code; this table is
 * the one place its Japanese text is written, for the server's answers and for the web where it shows
 * the same reason. It imports nothing but `messages` (the web's entry chunk reaches it through
 * `call.ts`); the PBX message tables refer to it for the texts they share. The later areas (tenants,
 * users, customers …) keep their texts in their own message tables; refusal.ts names them by code.
 */
export const reasons = {
  // The request itself
  /** Input the schemas or the rules refused (the finding's own text travels with the refusal). */
  inputInvalid: messages.badRequest,
  /** A command argument the server made itself is malformed (a bug, never the user's input). */
  commandInvalid: messages.badRequest,
  invalidJson: messages.invalidJson,
  controlCharacter: messages.controlCharacter,
  xsrf: messages.xsrf,
  exportTooLarge: messages.exportTooLarge,

  // Who is calling
  unauthorized: messages.unauthorized,
  sessionExpired: messages.sessionExpired,
  forbidden: messages.forbidden,
  otherTenant: messages.otherTenant,
  loginFailed: messages.loginFailed,
  userDisabled: messages.userDisabled,
  /** The concurrent-session limit, spelt as the spec's raw msg (the login page shows sessionMaxShown). */
  sessionMax: messages.sessionMax,
  tooManyAttempts: messages.tooManyAttempts,
  currentPasswordWrong: messages.currentPasswordWrong,
  popupLocked: 'ポップアップ設定は変更できません。',

  // Rows
  notFound: messages.notFound,
  tenantUnknown: 'テナントが見つかりません。',
  tenantNameInvalid: 'テナント名が正しくありません。',
  /** An object still referred to (the contract's usageMessage lists where: 「使用中: …」). */
  inUse: '使用中です。',
  /** A reference that cannot be removed (an IVR needs its announcement). */
  referenceNotRemovable:
    'IVRのアナウンスは必須のため、参照を自動で削除できません。IVRのアナウンスを変更してから削除してください。',
  extensionNumberTaken: '登録済みの内線番号です。',
  destinationNumberTaken: '登録済みの着信番号です。',
  ringGroupNumberTaken: 'このグループ番号は既に使用されています。',
  speedDialNumberTaken: '登録済みの短縮番号です。',
  ivrDigitTaken: '登録済みの番号です。\n削除してからご利用ください。',
  ivrNumbersExhausted: 'IVRに割り当てられる番号がありません。不要なIVRを削除してください。',
  /** The incoming number or schedule of a try-call is not the tenant's. */
  tryCallTargetNotFound: '着信番号または営業時間が見つかりません。',
  chatUnknownRecipient: '宛先に同じドメインのユーザー以外が含まれています。',

  // Recordings
  recordingBuiltIn: '標準の音声ファイルは変更・削除・ダウンロードできません。',
  recordingFilenameTaken: '同じファイル名の音声ファイルが既に登録されています。',
  recordingFileMissing: 'ファイルを選択してください。',
  recordingFileType: '音声ファイル（.mp3 / .wav）を選択してください。',
  recordingFileTooLarge: 'ファイルサイズは20MB以下にしてください。',
  /** Audio whose structure is not clean: bytes after its end, a chunk or frame running past the file. */
  recordingFileBroken: '音声ファイルの形式が正しくないか、音声以外のデータが含まれているため保存できません。',
  recordingNotFound: 'ファイルが見つかりません.',
  /** The tenant's storage cannot take the upload (recordingQuotaError says how much is left). */
  recordingStorageFull: '音声ファイルの保存容量の上限を超えるため保存できません。',

  // Telephony
  /** The telephony engine (FreeSWITCH) cannot be reached: 503, the request may be repeated. */
  telephonyUnreachable: '電話システムに接続できません。しばらくしてから再度お試しください。',
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
  /** The tenant's call recording setting does not offer the record button. */
  callRecordingOff: 'この通話は録音できません（録音の設定が「通話中に操作した時だけ録音」ではありません）。',
  callRecordingRunning: 'この通話は既に録音中です。',
  callRecordingNotRunning: 'この通話は録音していません。',
  /** Recording needs a connected call. */
  callRecordingNotConnected: '通話がつながってから録音してください。',
  callRecordingNotFound: '録音が見つかりません。',
  /** The engine has nowhere to write recordings (a sandbox started without a storage folder). */
  callRecordingUnavailable: 'この電話システムでは録音できません。',
} as const;

/** A code of the core table (the areas' own codes are in refusal.ts). */
export type CoreReason = keyof typeof reasons;

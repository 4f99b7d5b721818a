/** What the softphone engine tells the user: its connection and why a command failed. */
export const phoneJa = {
  transferred: (number: string) => `${number} に転送しました。`,
  connection: {
    idle: '未接続',
    connecting: '電話サーバーに接続しています…',
    ready: '接続済み',
    reconnecting: '電話サーバーとの接続が切れました。再接続しています…',
    unreachable: '電話サーバーに接続できません。自動的に再接続を試みています。',
    ended: 'ソフトフォンの接続は終了しました。',
  },
  noExtension: '内線番号が割り当てられていないため、ソフトフォンを使用できません。',
  punted: '別の画面で同じソフトフォンの接続が開始されたため、この画面の接続を終了しました。',
  /** Spec 8: the last resort, when the softphone's socket is gone for good. */
  sessionEnded: 'セッションが終了しました。ブラウザを閉じて開き直してください。',
  notReady: '電話サーバーに接続できていないため発信できません。再接続まで少しお待ちください。',
  dialFailed: '発信できませんでした。',
  answerFailed: '応答できませんでした。',
  holdFailed: '保留を切り替えられませんでした。',
  transferFailed: '転送できませんでした。',
  parkFailed: 'パーク保留できませんでした（使用中の可能性があります）。',
  dtmfFailed: 'ダイヤル信号を送れませんでした。',
} as const;

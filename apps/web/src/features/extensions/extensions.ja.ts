/** The extensions screen's own words (shared PBX words stay in shared/i18n/ja-pbx.ts). */
export const extensionsJa = {
  listTitle: '内線リスト',
  extension: '内線番号',
  name: '表示名',
  callerNumber: '発信者番号',
  callerNumberNone: '設定しない',
  status: 'ステータス',
  doNotDisturb: '着信拒否',
  forward: '転送先',
  forwardPlaceholder: '例: 09012345678',
  editTitle: '内線登録',
  createTitle: '内線追加',
  numberPlaceholder: '1000 ~ 9999',
  passwordTitle: 'SIPパスワード',
  passwordLead: (extension: string) =>
    `内線 ${extension} を追加しました。SIP/ソフトフォン用のパスワードは次のとおりです。`,
  passwordNote: 'このパスワードは今回のみ表示され、あとから確認することはできません。必ず控えてください。',
  resetLead: (extension: string) =>
    `内線 ${extension} のパスワードを再発行しました。新しいSIP/ソフトフォン用のパスワードは次のとおりです。古いパスワードでは登録できなくなります。`,
  password: 'SIPパスワード',
  reset: 'パスワード再発行',
  resetConfirm: 'パスワードを再発行しますか？古いパスワードで登録している電話は使えなくなります。',
  copy: 'コピー',
  copied: 'パスワードをコピーしました。',
  copyFailed: 'コピーできませんでした。パスワードを選択してコピーしてください。',
  close: '閉じる',
} as const;

/** The chat tab's words (the rule messages live in the contract's chatMessages). */
export const chatJa = {
  recipients: '宛先',
  placeholder: '選択してください',
  message: 'メッセージ',
  messagePlaceholder: 'メッセージを入力',
  send: '送信',
  empty: 'メッセージはありません。',
  failed: 'エラーが発生しました。',
  unknownUser: '不明なユーザー',
  to: '宛先：',
  addRecipient: (name: string) => `${name} さんを宛先に追加`,
  notificationTitle: (name: string) => `${name} さんからのチャット`,
} as const;

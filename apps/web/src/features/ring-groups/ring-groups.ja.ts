/** The ring groups screen's own words (shared PBX words stay in shared/i18n/ja-pbx.ts). */
export const ringGroupsJa = {
  listTitle: 'グループ一覧',
  number: 'グループ番号',
  name: 'グループ名',
  members: '内線番号',
  dialogTitle: 'グループ登録',
  greeting: '事前アナウンス',
  greetingNone: '使用しない',
  seconds: '呼び出し時間（秒）',
  strategy: '呼び出し方法',
  missedMail: '不在通知メール',
  missedMailPlaceholder: '例: sales@example.com',
  timeoutApp: '不在時アクション',
  announcement: 'アナウンス',
  announcementPlaceholder: '::: アナウンスを選択 :::',
  transfer: '転送先',
  transferPlaceholder: '1000',
} as const;

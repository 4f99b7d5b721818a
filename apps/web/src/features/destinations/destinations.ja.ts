/** The destinations screen's own words (shared PBX words stay in shared/i18n/ja-pbx.ts). */
export const destinationsJa = {
  listTitle: '着信番号一覧',
  number: '着信番号',
  name: '表示名',
  schedule: '業務時間',
  status: 'ステータス',
  editTitle: '着信番号設定',
  createTitle: '着信番号追加',
  numberPlaceholder: '例: 0312345678',
} as const;

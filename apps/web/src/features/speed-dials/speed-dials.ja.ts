/** The speed dials screen's own words (shared PBX words stay in shared/i18n/ja-pbx.ts). */
export const speedDialsJa = {
  listTitle: '短縮ダイヤル一覧',
  number: '短縮番号',
  phone: '電話番号',
  memo: 'メモ',
  dialogTitle: '短縮ダイヤル登録',
} as const;

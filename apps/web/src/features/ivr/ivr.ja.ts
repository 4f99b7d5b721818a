/** The ivr screen's own words (shared PBX words stay in shared/i18n/ja-pbx.ts). */
export const ivrJa = {
  listTitle: 'IVR一覧',
  number: 'IVR番号',
  name: 'IVR名',
  greeting: 'アナウンス',
  memo: 'メモ',
  dialogTitle: 'IVR登録',
  options: 'メニュー',
  digit: '選択番号',
  destination: '転送先',
  removeOption: '削除',
  addOption: '追加',
  optionTitle: 'メニュー登録',
} as const;

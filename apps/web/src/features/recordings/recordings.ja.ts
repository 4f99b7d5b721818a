/** The recordings screen's own words (shared PBX words stay in shared/i18n/ja-pbx.ts). */
export const recordingsJa = {
  listTitle: '音声ファイルリスト',
  name: '名前',
  filename: 'ファイル名',
  play: '再生',
  download: 'ダウンロード',
  player: '音声プレーヤー',
  uploadTitle: 'ファイルアップロード',
  editTitle: '音声ファイル修正',
  file: 'ファイル',
  chooseFile: 'ファイルを選択',
  noFile: '選択されていません',
  /** What the server accepts (spec 2.12's 'wav only' note contradicted its own picker). */
  accepted: '※ wav・mp3ファイル（20MBまで）をアップロードできます',
} as const;

import type { ImportCounts } from '@tsunagu/contract/crm/import';

/** Words of the customer import. */
export const importJa = {
  steps: ['ファイルの選択', '列の割り当てと確認', '取り込み', '完了'],
  template: 'テンプレートをダウンロード',
  templateName: '顧客インポート_テンプレート.csv',
  drop: 'ここにファイルをドラッグするか、クリックして選択してください',
  reading: 'ファイルを読み込んでいます…',
  formats: 'CSV（UTF-8・Shift_JIS）または Excel（.xlsx）、20MB・100,000行まで。1行目は見出しにしてください。',
  mappingTitle: (name: string, encoding: string) => `列の割り当て（${name}、${encoding}）`,
  mappingOf: (header: string) => `「${header}」の取り込み先`,
  skipColumn: '（取り込まない）',
  policyTitle: '登録済みの電話番号がある行',
  recheck: 'この設定で確認し直す',
  dryRun: '取り込み結果の見込み',
  dryRunNote: '取り込みはまだ行われていません。内容を確認してから「取り込む」を押してください。',
  counts: { total: '行数', new: '新規', updated: '更新', skipped: 'スキップ', refused: 'エラー' },
  line: '行',
  outcome: '結果',
  reason: '理由',
  commit: (count: number) => `${count.toLocaleString('ja-JP')}件を取り込む`,
  progress: {
    title: '取り込み中',
    upload: (sent: string, total: string) => `ファイルを送信しています（${sent} / ${total}）`,
    check: (done: number, total: number) =>
      `行を確認しています（${done.toLocaleString('ja-JP')} / ${total.toLocaleString('ja-JP')}行）`,
    write: (done: number, total: number) =>
      `書き込んでいます（${done.toLocaleString('ja-JP')} / ${total.toLocaleString('ja-JP')}件）`,
    waiting: 'サーバーの応答を待っています…',
    note: '取り込みは1つの処理として行われます。途中でエラーになった場合は何も登録されません。',
  },
  another: '別のファイルを選ぶ',
  done: '取り込みが完了しました',
  doneSummary: (c: ImportCounts) =>
    `新規 ${c.new}件、更新 ${c.updated}件、スキップ ${c.skipped}件、エラー ${c.refused}件（全 ${c.total}行）`,
  refusedDownload: (count: number) => `エラーの${count}行をCSVでダウンロード`,
  refusedName: '顧客インポート_エラー行.csv',
  refusedLine: '行番号',
  refusedReason: 'エラーの理由',
} as const;

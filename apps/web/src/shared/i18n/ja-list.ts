/** The server-paged list screen's words (shared by every server-paged list). */
export const jaList = {
  total: (count: number) => `総件数 ${count.toLocaleString('ja-JP')}件`,
  range: (from: number, to: number, total: number) =>
    `${total.toLocaleString('ja-JP')}件中 ${from.toLocaleString('ja-JP')}〜${to.toLocaleString('ja-JP')}件`,
  selected: (count: number) => `${count.toLocaleString('ja-JP')}件選択中`,
  clearSelection: '選択を解除',
  refresh: '更新',
  exportAll: 'エクスポート',
  exportSelected: '選択行をエクスポート',
  exporting: 'エクスポート中...',
  search: '絞り込み',
  clearFilters: '条件をクリア',
  periodStart: '開始日',
  periodEnd: '終了日',
  all: 'すべて',
  noData: 'データがありません',
  loading: 'お待ちください...',
};

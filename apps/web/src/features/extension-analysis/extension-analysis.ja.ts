/** The 内線分析 screen's words. */
export const jaExtensionAnalysis = {
  title: '内線分析',
  ranking: '対応件数ランキング(前期間との比較)',
  byHour: '時間帯別の対応件数',
  current: '今期間',
  previous: '前期間',
  calls: '件',
  hour: (h: number) => `${h}時`,
  previousPeriod: (from: string, to: string) => `前期間: ${from} 〜 ${to}`,
  changeHint: '括弧内は同じ日数の前期間と比べた増減です(前期間が0のときは表示しません)。',
  columns: {
    rank: '順位',
    userNm: '名前',
    extension: '内線',
  },
  empty: 'この期間に表示するユーザーがいません。',
};

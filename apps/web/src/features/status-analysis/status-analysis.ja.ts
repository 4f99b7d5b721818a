/** The ステータス分析 screen's words. */
export const jaStatusAnalysis = {
  title: 'ステータス分析',
  user: 'ユーザー',
  userPlaceholder: 'タイムラインを表示するユーザー',
  chart: 'ユーザーごとのステータス別時間(時間)',
  hours: '時間',
  columns: {
    userNm: '名前',
    extension: '内線',
    signedIn: 'サインイン時間',
    occupancy: '稼働率',
  },
  timeline: (name: string) => `${name} さんの日別タイムライン`,
  timelineEmpty: 'この期間のステータス履歴はありません。',
  empty: 'この期間に表示するユーザーがいません。',
};

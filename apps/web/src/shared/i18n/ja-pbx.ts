/** The Japanese texts of the PBX administration screens (the rules' messages live in the contract). */
export const jaPbx = {
  list: {
    total: (count: number) => `総件数 ${count.toLocaleString('ja-JP')}件`,
    create: '新規',
    edit: '修正',
    remove: '削除',
    refresh: '更新',
    export: 'エクスポート',
    filter: 'フィルター',
    filtering: 'フィルター中...',
    filterPlaceholder: '検索する文字を入力してください',
    noData: 'データがありません',
    loading: 'お待ちください...',
    confirmTitle: '確認',
    confirmDelete: '削除してもよろしいですか？',
    yes: 'はい',
    no: 'いいえ',
  },
  usage: {
    button: '使用箇所',
    title: (name: string) => `使用箇所: ${name}`,
    none: 'どこからも使用されていません。',
    loadFailed: '使用箇所を読み込めませんでした。',
    inUseTitle: '使用中です',
    inUseQuestion: 'これらの参照を削除してから削除しますか？',
    removeAndDelete: '参照を削除して削除',
    cancel: 'キャンセル',
    /** A stored destination whose target no longer exists. */
    deleted: '削除済み',
  },
  exportNo: 'NO',
  dialog: {
    save: '保存',
    add: '追加',
    required: '※',
    selectPlaceholder: '選択してください',
    /** Asked when Escape or × would close a dialog holding unsaved changes. */
    discard: '変更を破棄しますか？',
    more: (count: number) => `他${count}件`,
  },
} as const;

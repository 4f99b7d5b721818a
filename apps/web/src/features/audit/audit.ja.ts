/** The 操作履歴 screen's words. */
export const jaAudit = {
  columns: {
    createdAt: '日時',
    domain: 'ドメイン',
    username: 'ユーザー',
    action: '操作',
    target: '対象',
    detail: '内容',
    ip: 'アドレス',
  },
  filters: {
    username: 'ユーザーID',
    action: '操作',
    period: '期間',
    scope: '対象ドメイン',
  },
  scopeAll: 'すべてのドメイン',
  /** Names of the recorded fields; a field without one keeps its name. */
  fields: {
    reason: '理由',
    sessions: 'セッション数',
    kind: '種別',
    extension: '内線番号',
    effectiveCallerIdName: '発信者名',
    password: 'パスワード変更',
    popup: 'ポップアップ',
    phoneType: '電話種別',
    removedReferences: '削除した参照',
    recordingName: 'ファイル名',
    ringGroupExtension: 'グループ番号',
    ivrMenuName: 'IVR名',
    commName: '短縮名',
    members: 'メンバー',
    options: '選択肢',
  } as Record<string, string>,
  /** Sign-in failure reasons. */
  values: {
    credentials: 'IDまたはパスワードの誤り',
    throttled: '試行回数の超過',
    disabled: '停止中のアカウント',
    true: 'はい',
    false: 'いいえ',
  } as Record<string, string>,
};

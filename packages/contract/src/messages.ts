/** Messages shared by the server and the web app. Where the spec quotes Japanese, it is used verbatim. */
export const messages = {
  badRequest: '入力内容に誤りがあります。',
  invalidJson: 'リクエストの形式が正しくありません（JSONを解析できません）。',
  bodyTooLarge: '送信データが大きすぎます。',
  /** A request body of another type than JSON. */
  unsupportedContentType: 'このContent-Typeには対応していません。JSONで送信してください。',
  /** A text field holding a control character (NUL and the like; tab and newline only where text is multi-line). */
  controlCharacter: '入力内容に使用できない制御文字が含まれています。',
  required: (field: string) => `${field}を入力してください。`,
  unauthorized: 'ログインしてください。',
  sessionExpired: 'セッションの有効期限が切れました。もう一度ログインしてください。',
  forbidden: 'この操作を行う権限がありません。',
  otherTenant: '他のドメインのデータにはアクセスできません。',
  /** A list export beyond EXPORT_MAX_ROWS (contract/paging.ts). */
  exportTooLarge: '出力できるのは50,000件までです。条件で絞り込んでから出力してください。',
  xsrf: '不正なリクエストです（XSRFトークンが一致しません）。画面を再読み込みしてください。',
  notFound: '対象のデータが見つかりません。',
  routeNotFound: '指定されたAPIは存在しません。',
  /** A built file (script, style) that is not there, e.g. one of an earlier build after a deploy. */
  fileNotFound: 'ファイルが見つかりません。画面を再読み込みしてください。',
  serverError: 'サーバーでエラーが発生しました。',
  /** 503 while the database cannot be reached (restart, failover): the request may simply be repeated. */
  databaseUnavailable: 'データベースに接続できません。しばらくしてからもう一度お試しください。',
  /** Wrong ID or password (spec 8 "Login errors": 'Please check ID and password.'). */
  loginFailed: 'IDとパスワードを確認してください。',
  /** The raw msg the server sends when the concurrent-session limit is reached (spelt as in the spec). */
  sessionMax: 'sesion-max',
  /** What the login page shows for 'sesion-max' ('There is a user already in use.'). */
  sessionMaxShown: '既に使用中のユーザーがいます。',
  tooManyAttempts: 'ログインの試行回数が上限を超えました。しばらく待ってから再度お試しください。',
  /** The login page's offer when 'sesion-max' comes back: end the oldest session and sign in. */
  endOldestSession: '最も古いセッションを終了してサインイン',
  /** A password change whose current password does not match. */
  currentPasswordWrong: '現在のパスワードが正しくありません。',
  userDisabled: 'このユーザーは利用停止中です。',
  changed: '変更しました。',
  popupChanged: '変更しました。再ログイン後に反映されます。',
  saved: '保存されました!',
  deleted: '削除されました。',
  errorOccurred: 'エラーが発生しました.',
} as const;

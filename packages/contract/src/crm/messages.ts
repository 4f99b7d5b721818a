/** What the customer screens and their API answer, in one place for the server and the web app. */
export const customerMessages = {
  /** A second concurrent save (optimistic concurrency): the editor keeps what was typed. */
  conflict:
    '他のユーザーがこの顧客情報を先に更新しました。入力内容は残っています。最新の内容を確認してから、もう一度保存してください。',
  layoutConflict:
    '他のユーザーが顧客画面レイアウトを先に更新しました。画面を再読み込みしてから、もう一度保存してください。',
  notFound: '顧客情報が見つかりません。削除された可能性があります。',
  ownerUnknown: '担当ユーザーが見つかりません。',
  numberInvalid: '電話番号の形式が正しくありません（例: 03-1234-5678）。',
  categoryUnknown: 'メモの分類が選択肢にありません。画面を再読み込みしてください。',
  resultUnknown: 'メモの結果が選択肢にありません。画面を再読み込みしてください。',
  postalUnknown: 'この郵便番号の住所が見つかりません。',
  postalInvalid: '郵便番号は7桁の数字で入力してください（例: 100-0001）。',
} as const;

/** The 通話履歴 (tenant call history) screen's words. */
export const jaTenantCalls = {
  columns: {
    startStamp: '日時',
    kind: '種別',
    outsideNumber: '相手番号',
    customerName: '顧客名',
    incomingNumber: '着信番号',
    agent: '担当（応答・発信）',
    ringSeconds: '呼出時間',
    talkSeconds: '通話時間',
    result: '結果',
  },
  filters: {
    period: '期間',
    kind: '種別',
    result: '結果',
    number: '電話番号',
    customer: '顧客名・フリガナ',
    extension: '内線番号',
  },
  /** The result filter's option for every missed incoming call, whatever its result. */
  missedAll: '不在着信（すべて）',
  dial: (number: string) => `${number} に発信`,
  openRecord: '顧客情報を開く',
  internalTo: (extension: string) => `内線 ${extension} へ`,
  seconds: (s: number) =>
    s >= 60 ? `${Math.floor(s / 60)}分${String(s % 60).padStart(2, '0')}秒` : `${s}秒`,
} as const;

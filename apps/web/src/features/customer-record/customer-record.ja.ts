/** The customer record opened from a call. */
export const customerRecordJa = {
  title: (number: string) => `顧客情報 ${number}`,
  number: '電話番号',
  calls: 'この番号との通話',
  noCalls: 'この番号との通話履歴はありません。',
  scanned: (count: number) => `直近 ${count} 件の通話から表示しています。`,
  register: '登録',
  registerNotice: '顧客管理画面は現在準備中です。公開後、この番号を顧客として登録できるようになります。',
  call: '発信',
  time: '日時',
  direction: '種別',
  talkTime: '通話時間',
  missed: '不在・未応答',
} as const;

/** Words the side panel's tabs share: call history, dialling (presence, chat and settings keep theirs in their folders). */
export const jaPanel = {
  panel: {
    fold: 'サイドパネルを閉じる',
    unfold: 'サイドパネルを開く',
    refresh: '更新',
    loading: 'しばらくお待ちください…',
    yes: 'はい',
    no: 'いいえ',
    openCustomer: '顧客情報を開く',
    callHint: (number: string) => `${number} に発信`,
    history: {
      empty: '通話履歴はありません。',
      noExtension: '内線番号が割り当てられていないため、通話履歴はありません。',
      register: '登録',
      details: '詳細',
      directions: { inbound: '着信', outbound: '発信', local: '内線' },
      missed: '不在・未応答',
      answeredElsewhere: '他の人が応答',
      anonymous: '非通知',
      pager: 'ページ',
      first: '最初のページ',
      last: '最後のページ',
      previousPages: '前のページ群',
      nextPages: '次のページ群',
      page: (page: number) => `${page}ページ`,
    },
    dial: {
      calling: (number: string) => `${number} に発信しています。電話機が鳴ったら受話器を取ってください。`,
      softphoneUnavailable:
        'ソフトフォンが接続されていないため発信できません。電話タブで接続状態を確認してください。',
      noExtension: '内線番号が割り当てられていないため発信できません。',
    },
  },
} as const;

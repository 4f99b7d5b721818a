import { jaList } from './ja-list';
import { jaPanel } from './ja-panel';
import { jaPbx } from './ja-pbx';
import { jaPhone } from './ja-phone';

/**
 * The words several parts of the web app share, in Japanese: the shell, the side panel, the lists, the
 * softphone and incoming-call words the phone engine shares. A feature's own words live in its folder
 * (`features/x/x.ja.ts`); API messages and refusal reasons live in the contract.
 */
export const ja = {
  appName: 'つなぐ',
  // Titles of the screens outside the menu; a menu screen's title is its label in the contract's menu.
  titles: {
    login: 'ログイン',
    top: 'トップ',
    help: 'ヘルプ',
    voicemail: '留守番電話',
    custRecord: '顧客情報',
    custRecall: 'リコール',
    // The audit screen's heading (its route title comes from the menu, the same 操作履歴).
    systemAudit: '操作履歴',
    pbx: 'PBX',
  },
  screens: {
    comingSoon: 'この画面は現在準備中です。',
    forbidden: 'この画面を表示する権限がありません。',
    loading: '読み込み中です…',
    routeError: '画面を表示できませんでした。再読み込みしてください。',
    reload: '再読み込み',
  },
  login: {
    heading: 'クラウドPBX コンソール',
    id: 'ID',
    password: 'パスワード',
    submit: 'ログイン',
    demoTitle: 'デモ用アカウント',
    demoNote: 'デモ用のデータです。IDをクリックすると入力欄に反映されます。',
    demoId: 'ID',
    demoPassword: 'パスワード',
    demoRole: '権限',
    roles: {
      sp: 'プロバイダー管理者',
      cpSample: 'テナント管理者（サンプル株式会社）',
      staffHeadset: 'スタッフ（ヘッドセット）',
      staffPhone: 'スタッフ（電話機）',
      cpTest: 'テナント管理者（テスト商事）',
    },
  },
  header: {
    // Accessible names start with the visible text (WCAG 2.5.3).
    home: (appName: string) => `${appName} ホームへ`,
    skipToContent: 'メインコンテンツへスキップ',
    sandbox: 'サンドボックス',
    sandboxHint: 'テスト用の内蔵交換機に接続しています。実際の電話回線にはつながりません。',
    help: 'HELP',
    headset: 'ヘッドセット',
    deskPhone: '電話機',
    phoneTypeLabel: '電話の種類',
    recall: (count: number) => `リコール ${count}`,
    chat: 'チャット',
    /** The header's chat button (its badge shows the count; its name says it). */
    chatUnread: (count: number) => `チャット 未読${count}件`,
    onCall: (number: string, status = '通話中') => `${status} ${number}`,
    hangUp: '切断',
    logout: 'ログアウト',
    userMenu: (userNm: string) => `${userNm} ユーザーメニュー`,
  },
  sidebar: {
    label: 'メインメニュー',
  },
  sidePanel: {
    label: 'サイドパネル',
    tabs: {
      presence: 'プレゼンス',
      history: '通話履歴',
      phone: '電話',
      chat: 'チャット',
      settings: '設定',
    },
  },
  ...jaPanel,
  ...jaPhone,
  notice: {
    title: 'お知らせ',
    ok: 'OK',
    network: 'サーバーに接続できません。通信環境を確認してください。',
  },
  list: jaList,
  pbx: jaPbx,
} as const;

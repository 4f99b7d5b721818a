import { CLICK_TO_CALL_NAME } from '@tsunagu/contract/call';

/** The incoming-call pop-ups' words. */
export const incomingJa = {
  title: '着信',
  number: (number: string) => `【${number}】`,
  anonymous: '非通知',
  answer: '応答',
  answerAndMove: '応答して移動',
  reject: '拒否',
  move: '移動',
  close: '閉じる',
  /** The system notification's title (spec 'Incoming call'). */
  notificationTitle: '着信',
  notificationBody: (name: string, number: string) => `${name} 【${number}】`,
  toast: '顧客画面へ移動するにはクリックしてください',
} as const;

/** The simulated desk phone's words. */
export const deskPhoneJa = {
  label: '卓上電話（模擬）',
  idle: '待機中',
  ringing: (who: string) => `着信中 ${who}`,
  talking: '通話中',
  answer: '応答',
  hangUp: '切断',
  /** The name the server gives a click-to-call's first leg. */
  clickToCall: CLICK_TO_CALL_NAME,
} as const;

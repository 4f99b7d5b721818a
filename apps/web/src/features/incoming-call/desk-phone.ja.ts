import { CLICK_TO_CALL_NAME } from '@tsunagu/contract/call';

/** The simulated desk phone's words (sandbox). */
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

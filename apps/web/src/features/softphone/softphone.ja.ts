/** The softphone tab's words (the engine's notices live in phone/phone.ja.ts). */
export const softphoneJa = {
  label: 'ソフトフォン',
  noCall: '-',
  number: '電話番号',
  numberPlaceholder: '番号を入力',
  backspace: '1文字削除',
  clear: 'すべて消去',
  keypad: 'ダイヤルキー',
  key: (key: string) => `キー ${key}`,
  dial: '発信',
  receive: '受話',
  hangUp: '切断',
  hold: '保留',
  mute: 'ミュート',
  blind: 'ブラインド転送',
  transferNumber: '転送先番号',
  transferHint: '転送先の番号を入力して Enter を押してください',
  transferList: '内線一覧',
  transferListHint: 'クリックしてから Enter を押してください',
  park: (slot: number) => `P${slot}`,
  parkHint: (slot: number, occupied: boolean, inCall: boolean) =>
    inCall
      ? `通話を P${slot} にパーク保留します`
      : occupied
        ? `P${slot} のパーク保留を取り出します`
        : `P${slot} は空いています`,
  parks: 'パーク保留',
  line: (line: number) => `L${line}`,
  lines: '着信回線',
  waiting: '着信待ち',
  waitingItem: (line: number, name: string) => `[L${line}] ${name}`,
  duration: '通話時間',
  remote: '通話相手',
  status: {
    trying: '発信中',
    ringing: '着信中',
    active: '通話中',
    held: '保留中',
  },
  history: '通話履歴',
} as const;

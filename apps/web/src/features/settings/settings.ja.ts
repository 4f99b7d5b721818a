/** The settings tab's words: ringtone and volume, password change, incoming-call pop-up. */
export const settingsJa = {
  ringtone: '着信音',
  preview: '試聴',
  stopPreview: '停止',
  ringtones: {
    'ring-bell1.mp3': '着信音1（標準）',
    'ring-bell2.wav': '着信音2',
    'ring-bell3.mp3': '着信音3',
    'ring-song1.mp3': '着信メロディ1',
    'ring-song2.mp3': '着信メロディ2',
    'ring-song3.mp3': '着信メロディ3',
    'ring-song4.mp3': '着信メロディ4',
    'ring-song5.mp3': '着信メロディ5',
    'ring-song6.mp3': '着信メロディ6',
    none: '無音',
  },
  volume: '着信音量（%）',
  volumeHint: '10以上100以下に設定してください。',
  volumeInvalid: '着信音量は10〜100の範囲で設定してください。',
  save: '保存',
  change: '変更',
  password: 'パスワード変更',
  passwordLabel: 'PW',
  currentPasswordLabel: '現在のパスワード',
  /** The administrator asked for a new password at this sign-in (user management). */
  mustChangeTitle: 'パスワードの変更が必要です',
  mustChangeLead:
    '管理者の設定により、利用を始める前にパスワードを変更してください。現在のパスワードには、管理者から伝えられた初期パスワードを入力します。',
  popup: '着信ポップアップ',
  popupOptions: { true: 'する', false: 'しない' },
  popupLocked: 'この設定は管理者により変更できません。',
  deviceNote: '着信音と音量はこの端末に保存されます。',
} as const;

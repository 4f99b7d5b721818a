/** Words of the working status (the header's picker, the presence tab, the settings). */
export const jaUserStatus = {
  picker: 'ステータス',
  pickerHint: '同僚のプレゼンスに表示されます。通話中は自動で「通話中」になります。',
  changed: (label: string) => `ステータスを「${label}」にしました。`,
  duringCall: (label: string) => `通話が終わると「${label}」になります。`,
  setting: {
    title: '通話後の後処理',
    label: '後処理の時間(秒)',
    hint: '通話が終わると、この秒数だけ自動で「後処理」になります。0 で自動の後処理をしません。',
    save: '保存',
    saved: '後処理の設定を保存しました。',
  },
};

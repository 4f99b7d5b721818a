/** Words of do-not-disturb (着信拒否, the extension's doNotDisturb): the header, the settings tab, presence. */
export const jaDoNotDisturb = {
  label: '着信拒否',
  on: '着信拒否中',
  hint: 'オンの間、あなたへの着信は話し中になり、グループ着信でも呼び出されません。同僚のプレゼンスにも表示されます。',
  presenceHint: '着信拒否中です。直接かけると話し中になり、グループ着信では呼び出されません。',
};

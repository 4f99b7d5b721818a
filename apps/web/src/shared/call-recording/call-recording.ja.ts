/** Words of call recording (通話録音): the softphone's button, the histories' recordings, the setting. */
export const jaCallRecording = {
  record: '録音',
  stop: '録音停止',
  recording: '録音中',
  recordHint: 'この通話の録音を始めます。録音は通話履歴から再生・ダウンロードできます。',
  stopHint: '録音を止めます。録音したところまでが通話履歴に残ります。',
  alwaysHint: 'この会社ではすべての通話を録音しています。',
  play: '再生',
  download: 'ダウンロード',
  playLabel: (n: number) => `録音${n}を再生`,
  downloadLabel: (n: number) => `録音${n}をダウンロード`,
  player: '録音の再生',
  column: '録音',
  length: (seconds: number) =>
    seconds >= 60
      ? `${Math.floor(seconds / 60)}分${String(seconds % 60).padStart(2, '0')}秒`
      : `${seconds}秒`,
  setting: {
    title: '通話録音',
    mode: '録音',
    retentionDays: '保存期間（日）',
    retentionHint: 'この日数を過ぎた録音は自動で削除されます。録音は音声ファイルと同じ保存容量を使います。',
    save: '保存',
  },
} as const;

import { describe, expect, it } from 'vitest';
import { MediaSetupError, MicrophoneError } from './call-media';
import { phoneErrorText } from './user-message';
import { VertoDisconnectedError, VertoLoginError } from './verto-client';

describe('phoneErrorText', () => {
  it("tells the phone's own Japanese messages, and the fallback for anything else", () => {
    expect(phoneErrorText(new MicrophoneError(new Error('NotAllowedError')), '失敗')).toBe(
      'マイクを使用できません。ブラウザのマイクの使用許可を確認してください。',
    );
    expect(phoneErrorText(new MediaSetupError(new Error('no BUNDLE group')), '失敗')).toBe(
      '通話の音声を接続できませんでした。通話を終了しました。',
    );
    expect(phoneErrorText(new VertoDisconnectedError(), '失敗')).toBe(
      'ソフトフォンのサーバーに接続できません',
    );
    expect(
      phoneErrorText(new VertoLoginError({ code: -32001, message: 'Authentication Failure' }), '失敗'),
    ).toContain('ソフトフォンにログインできません');
    expect(phoneErrorText(new Error('call media closed'), '失敗')).toBe('失敗');
    expect(phoneErrorText('boom', '失敗')).toBe('失敗');
  });
});

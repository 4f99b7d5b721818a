import { ApiError } from '@tsunagu/contract/envelope';
import { describe, expect, it } from 'vitest';
import { errorAlertText } from './query-client';

describe('errorAlertText', () => {
  it("prefixes an HTTP error with 'エラーが発生しました.' and the server's msg", () => {
    expect(errorAlertText(new ApiError(500, 'サーバーでエラーが発生しました。'))).toBe(
      'エラーが発生しました.\nサーバーでエラーが発生しました。',
    );
    expect(errorAlertText(new ApiError(403, ''))).toBe('エラーが発生しました.');
  });

  it('shows the msg of a non-zero code on a successful answer as is', () => {
    expect(errorAlertText(new ApiError(200, '番号が重複しています。', 1))).toBe('番号が重複しています。');
  });

  it('says only that an error occurred for anything else', () => {
    expect(errorAlertText(new TypeError('x'))).toBe('エラーが発生しました.');
  });
});

import { ApiError } from '@tsunagu/contract/envelope';
import { messages } from '@tsunagu/contract/messages';
import { describe, expect, it } from 'vitest';
import { loginErrorMessage } from './login';

describe('loginErrorMessage', () => {
  it('says a stopped account is stopped (the server tells only someone who knows its password)', () => {
    expect(loginErrorMessage(new ApiError(403, messages.userDisabled))).toBe(messages.userDisabled);
  });

  it('keeps the ID/password message for a refused sign-in', () => {
    expect(loginErrorMessage(new ApiError(401, messages.loginFailed))).toBe(messages.loginFailed);
    expect(loginErrorMessage(new Error('boom'))).toBe(messages.loginFailed);
  });
});

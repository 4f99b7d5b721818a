import { ApiError } from '@tsunagu/contract/envelope';
import { messages } from '@tsunagu/contract/messages';
import { tenantMessages } from '@tsunagu/contract/tenant-admin';
import { describe, expect, it } from 'vitest';
import { loginErrorMessage } from './login';

describe('loginErrorMessage', () => {
  it('shows why a right password is refused (a stopped tenant), and the spec’s words otherwise', () => {
    expect(loginErrorMessage(new ApiError(401, tenantMessages.tenantDisabled))).toBe(
      tenantMessages.tenantDisabled,
    );
    expect(loginErrorMessage(new ApiError(401, messages.loginFailed))).toBe(messages.loginFailed);
    expect(loginErrorMessage(new ApiError(401, ''))).toBe(messages.loginFailed);
    expect(loginErrorMessage(new ApiError(409, messages.sessionMax))).toBe(messages.sessionMaxShown);
    expect(loginErrorMessage(new Error('boom'))).toBe(messages.loginFailed);
  });

  it('says a stopped account is stopped (the server tells only someone who knows its password)', () => {
    expect(loginErrorMessage(new ApiError(403, messages.userDisabled))).toBe(messages.userDisabled);
  });
});

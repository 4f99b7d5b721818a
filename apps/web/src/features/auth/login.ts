import { ApiError } from '@tsunagu/contract/envelope';
import { authEndpoints } from '@tsunagu/contract/endpoints/auth';
import { messages } from '@tsunagu/contract/messages';
import type { LoginRequest } from '@tsunagu/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../shared/api/client';
import { getSession, startSession } from '../../shared/session/session-store';
import { getUserInfo } from './get-user-info';
import { logout } from './logout';
import { bearerToken, tokenSubject } from './token';

/**
 * POST /login, then the user info of the token's subject. The session (token + user info) is
 * stored only when both succeed, so a failure of either leaves no token behind (spec 8).
 */
export async function login(credentials: LoginRequest): Promise<void> {
  if (getSession()) await logout().catch(() => undefined);
  const { headers } = await callApi(authEndpoints.login, { body: credentials });
  const token = bearerToken(headers.get('Authorization'));
  const username = token && tokenSubject(token);
  if (!token || !username) throw new ApiError(502, messages.loginFailed);
  startSession(token, await getUserInfo(username, token));
}

/** The login mutation; the login page shows its errors itself. */
export function useLogin() {
  return useMutation({ mutationFn: login, meta: { handlesErrors: true } });
}

/** True for the concurrent-session limit ('sesion-max'): the login page then offers to end the oldest session. */
export function isSessionMax(error: unknown): boolean {
  return error instanceof ApiError && error.message === messages.sessionMax;
}

/** The message the login page shows for a failure (spec 8 "Login errors"). */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (isSessionMax(error)) return messages.sessionMaxShown;
    // Too many attempts, an unreachable server and a stopped account (403) have their own explanations.
    if (error.status === 429 || error.status === 0 || error.status === 403) return error.message;
  }
  return messages.loginFailed;
}

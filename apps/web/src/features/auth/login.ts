import { ApiError } from '@tsunagu/contract/envelope';
import { authEndpoints } from '@tsunagu/contract/endpoints/auth';
import { twoStepEndpoints } from '@tsunagu/contract/endpoints/two-step';
import { messages } from '@tsunagu/contract/messages';
import type { LoginRequest } from '@tsunagu/contract/auth';
import type { TwoStepChallenge, TwoStepLoginRequest } from '@tsunagu/contract/two-step';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../shared/api/client';
import { getSession, startSession } from '../../shared/session/session-store';
import { getUserInfo } from './get-user-info';
import { logout } from './logout';
import { bearerToken, tokenSubject } from './token';

/** A sign-in that is done, or that needs its second step (two-step sign-in). */
export type LoginOutcome = { challenge: TwoStepChallenge | null };

/**
 * The session (token + user info) is stored only when both the token and the user info arrive, so a
 * failure of either leaves no token behind (spec 8).
 */
async function startFromHeaders(headers: Headers): Promise<void> {
  const token = bearerToken(headers.get('Authorization'));
  const username = token && tokenSubject(token);
  if (!token || !username) throw new ApiError(502, messages.loginFailed);
  startSession(token, await getUserInfo(username, token));
}

/** POST /login, then (unless a second step is due) the user info of the token's subject. */
export async function login(credentials: LoginRequest): Promise<LoginOutcome> {
  if (getSession()) await logout().catch(() => undefined);
  const { data, headers } = await callApi(authEndpoints.login, { body: credentials });
  if (data.twoStep) return { challenge: data.twoStep };
  await startFromHeaders(headers);
  return { challenge: null };
}

/** The second step: the code (or, for a 'setup' ticket, the new app's first code); answers any recovery codes. */
export async function loginSecondStep(request: TwoStepLoginRequest): Promise<{ recoveryCodes?: string[] }> {
  const { data, headers } = await callApi(twoStepEndpoints.twoStepLogin, { body: request });
  await startFromHeaders(headers);
  return { recoveryCodes: data.recoveryCodes };
}

/** For a 'setup' ticket: the QR code and key of a new registration. */
export async function loginTwoStepSetup(ticket: string) {
  return (await callApi(twoStepEndpoints.twoStepLoginSetup, { body: { ticket } })).data;
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
    // Too many attempts, an unreachable server, a stopped account (403), the second step's answers and a
    // stopped tenant have their own explanations (the server tells a stopped one only to the right password).
    if (error.status === 429 || error.status === 0 || error.status === 403) return error.message;
    if (error.status === 401 && error.message) return error.message;
  }
  return messages.loginFailed;
}

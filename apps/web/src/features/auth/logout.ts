import { authEndpoints } from '@tsunagu/contract/endpoints/auth';
import { useCallback } from 'react';
import { logAction } from '../../shared/api/action-log';
import { callApi } from '../../shared/api/client';
import { endSession, getSession } from '../../shared/session/session-store';

/**
 * Signs out: the session ends locally at once (the shell then goes to /login), and the server is
 * told to revoke the token so it stops counting against the user's session limit.
 */
export async function logout(): Promise<void> {
  const token = getSession()?.token;
  endSession();
  if (!token) return;
  // Spec 7: the logout is logged, before the revocation that would make its token useless.
  await logAction('LogController-logout', true, token).catch((error: unknown) => console.error(error));
  await callApi(authEndpoints.logout, { token });
}

/** A logout handler for buttons; a failed revocation is logged, the user is signed out anyway. */
export function useLogout(): () => void {
  return useCallback(() => {
    logout().catch((error: unknown) => console.error(error));
  }, []);
}

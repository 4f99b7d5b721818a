import { endpoints } from '@tsunagu/contract/api';
import { authEndpoints } from '@tsunagu/contract/endpoints/auth';
import type { Acting } from '@tsunagu/contract/tenant-admin';
import { fetchData } from '../../shared/api/client';
import { getSession, updateUserInfo } from '../../shared/session/session-store';

/** Reads user info again: its tenant is the one the session is in (acted in, or one's own). */
export async function syncUserInfo(): Promise<void> {
  const session = getSession();
  if (!session) return;
  const fresh = await fetchData(authEndpoints.userInfo, { params: { username: session.user.user.id } });
  if ('user' in fresh) updateUserInfo(() => ({ user: fresh.user, domain: fresh.domain }));
}

export const getActing = (): Promise<Acting> => fetchData(endpoints.actingGet, {});

/** Leaves the tenant acted in, back to one's own. */
export async function leaveActing(): Promise<void> {
  await fetchData(endpoints.actingEnd, {});
  await syncUserInfo();
}

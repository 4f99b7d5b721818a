import type { UserInfo } from '@tsunagu/contract/auth';
import { createStore, useStore } from '../store/create-store';
import { rememberSignedInUser } from './return-url';
import { tokenLifetimeMs } from './token-expiry';

/** A signed-in browser session: the bearer token and the user info fetched right after login. */
export interface Session {
  token: string;
  user: UserInfo;
}

// Spec 3 "Session": both live for the browser session under these names.
const TOKEN_KEY = 'token';
const USER_INFO_KEY = 'user_info';
// When the token runs out, on this browser's clock: its lifetime counted from the sign-in, so a clock
// that is set wrong does not end (or keep) a session early.
const EXPIRES_AT_KEY = 'token_expires_at';

function readStoredSession(): Session | null {
  const token = sessionStorage.getItem(TOKEN_KEY);
  const userJson = sessionStorage.getItem(USER_INFO_KEY);
  if (!token || !userJson) return null;
  try {
    return { token, user: JSON.parse(userJson) as UserInfo };
  } catch {
    return null;
  }
}

const store = createStore<Session | null>(readStoredSession());

/** The current session, or null when signed out. */
export function getSession(): Session | null {
  return store.get();
}

/** Stores a new session (after login and a successful user-info fetch). */
export function startSession(token: string, user: UserInfo): void {
  sessionStorage.setItem(TOKEN_KEY, token);
  const lifetime = tokenLifetimeMs(token);
  if (lifetime === null) sessionStorage.removeItem(EXPIRES_AT_KEY);
  else sessionStorage.setItem(EXPIRES_AT_KEY, String(Date.now() + lifetime));
  sessionStorage.setItem(USER_INFO_KEY, JSON.stringify(user));
  rememberSignedInUser(user.user.id);
  sessionStorage.removeItem(SIGNED_OUT_REASON_KEY);
  store.set({ token, user });
}

/**
 * Takes over the session another tab of this browser signed in (tab-session.ts): the same token, user
 * info and end of life, stored in this tab too; no sign-in of its own, so no second session.
 */
export function adoptSession(token: string, user: UserInfo, expiresAt: number | null): void {
  sessionStorage.setItem(TOKEN_KEY, token);
  if (expiresAt === null) sessionStorage.removeItem(EXPIRES_AT_KEY);
  else sessionStorage.setItem(EXPIRES_AT_KEY, String(expiresAt));
  sessionStorage.setItem(USER_INFO_KEY, JSON.stringify(user));
  rememberSignedInUser(user.user.id);
  sessionStorage.removeItem(SIGNED_OUT_REASON_KEY);
  store.set({ token, user });
}

/** When the stored token runs out on this browser's clock (ms), or null when unknown. */
export function sessionExpiresAt(): number | null {
  const expiresAt = Number(sessionStorage.getItem(EXPIRES_AT_KEY));
  return expiresAt > 0 ? expiresAt : null;
}

/** Replaces the stored user info, e.g. after the user changes their phone type. */
export function updateUserInfo(update: (user: UserInfo) => UserInfo): void {
  const current = store.get();
  if (!current) return;
  const user = update(current.user);
  sessionStorage.setItem(USER_INFO_KEY, JSON.stringify(user));
  store.set({ ...current, user });
}

const SIGNED_OUT_REASON_KEY = 'signed_out_reason';

/** Removes the token and the user info; `reason` (who or what ended it) is shown on the login page. */
export function endSession(reason?: string): void {
  if (reason) sessionStorage.setItem(SIGNED_OUT_REASON_KEY, reason);
  sessionStorage.removeItem(TOKEN_KEY);
  sessionStorage.removeItem(USER_INFO_KEY);
  sessionStorage.removeItem(EXPIRES_AT_KEY);
  store.set(null);
}

/** Why the last session ended, when something other than the user ended it; kept until the next sign-in. */
export function signedOutReason(): string | null {
  return sessionStorage.getItem(SIGNED_OUT_REASON_KEY);
}

/** True when the stored token's time has run out (the server would answer 401); false when unknown. */
export function sessionExpired(now = Date.now()): boolean {
  const expiresAt = Number(sessionStorage.getItem(EXPIRES_AT_KEY));
  return expiresAt > 0 && now >= expiresAt;
}

/** Calls the listener whenever the session starts, changes or ends. */
export function subscribeSession(listener: () => void): () => void {
  return store.subscribe(listener);
}

/** The current session in a component. */
export function useSession(): Session | null {
  return useStore(store);
}

/** The signed-in user's info; only for components rendered inside the protected shell. */
export function useUserInfo(): UserInfo {
  const session = useSession();
  if (!session) throw new Error('useUserInfo outside a signed-in session');
  return session.user;
}

/** The signed-in user's own extension number, or null when they have none. */
export function useOwnExtensionNumber(): string | null {
  return useUserInfo().user.extension;
}

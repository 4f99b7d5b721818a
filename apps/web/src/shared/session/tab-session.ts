import type { UserInfo } from '@tsunagu/contract/auth';
import {
  adoptSession,
  endSession,
  getSession,
  sessionExpiresAt,
  signedOutReason,
  subscribeSession,
} from './session-store';

/**
 * One session for all the tabs of a browser (issue 20). Each tab keeps its session in its own
 * sessionStorage (spec 3), and the tabs tell each other over a BroadcastChannel (same origin only):
 * a new tab asks, and any tab holding a session answers with it, so the tab opens signed in without
 * a sign-in of its own (and without a second place in the user's session limit); a sign-in in one tab
 * reaches the tabs waiting on /login; the end of a session (logout, forced sign-out, 401) ends it in
 * every tab that shares it.
 */
const CHANNEL = 'tsunagu-session';

type TabMessage =
  | { kind: 'ask' }
  | { kind: 'share'; token: string; user: UserInfo; expiresAt: number | null }
  | { kind: 'ended'; token: string; reason: string | null };

/** What of BroadcastChannel the sharing uses (a fake in tests). */
export interface TabChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
}

let channel: TabChannel | null = null;
const adoptedListeners = new Set<() => void>();
// While a message from another tab is applied, the store's change must not be announced back.
let applyingRemote = false;

function post(message: TabMessage): void {
  channel?.postMessage(message);
}

function shareCurrent(): void {
  const session = getSession();
  if (session)
    post({ kind: 'share', token: session.token, user: session.user, expiresAt: sessionExpiresAt() });
}

function receive(message: TabMessage): void {
  const session = getSession();
  if (message.kind === 'ask') return shareCurrent();
  if (message.kind === 'share') {
    if (session || (message.expiresAt !== null && Date.now() >= message.expiresAt)) return;
    applyingRemote = true;
    try {
      adoptSession(message.token, message.user, message.expiresAt);
    } finally {
      applyingRemote = false;
    }
    for (const listener of adoptedListeners) listener();
    return;
  }
  if (session?.token !== message.token) return;
  applyingRemote = true;
  try {
    endSession(message.reason ?? undefined);
  } finally {
    applyingRemote = false;
  }
}

/**
 * Starts sharing this tab's session with the browser's other tabs (once per page). `open` makes the
 * channel (BroadcastChannel in a browser); without one the tab simply keeps its session to itself.
 */
export function shareSessionBetweenTabs(
  open: () => TabChannel | null = () =>
    typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL),
): () => void {
  if (channel) return () => {};
  channel = open();
  if (!channel) return () => {};
  const own = channel;
  own.addEventListener('message', (event) => receive(event.data as TabMessage));
  let token = getSession()?.token ?? null;
  const stop = subscribeSession(() => {
    const session = getSession();
    const previous = token;
    token = session?.token ?? null;
    if (applyingRemote || token === previous) return;
    if (session) shareCurrent();
    else if (previous) post({ kind: 'ended', token: previous, reason: signedOutReason() });
  });
  return () => {
    stop();
    own.close();
    if (channel === own) channel = null;
  };
}

/**
 * Asks the other tabs for their session: resolves true as soon as one was adopted, false after
 * `waitMs` without an answer (no other tab signed in) or at once without a channel.
 */
export function askOtherTabs(waitMs: number): Promise<boolean> {
  if (!channel || getSession()) return Promise.resolve(Boolean(getSession()));
  return new Promise((resolve) => {
    const done = (adopted: boolean) => {
      clearTimeout(timer);
      adoptedListeners.delete(onAdopted);
      resolve(adopted);
    };
    const onAdopted = () => done(true);
    const timer = setTimeout(() => done(false), waitMs);
    adoptedListeners.add(onAdopted);
    post({ kind: 'ask' });
  });
}

/** Calls `listener` whenever this tab takes over a session another tab signed in (e.g. on /login). */
export function onSessionAdopted(listener: () => void): () => void {
  adoptedListeners.add(listener);
  return () => adoptedListeners.delete(listener);
}

import type { RealtimeGateway } from '../../platform/realtime';
import type { TelephonyEngine } from '../../telephony/engine';
import type { UserStatusService } from './user-status.service';

/** How often an instance looks for automatic after-call work that is over. */
export const WRAP_UP_SWEEP_MS = 1_000;

/**
 * How long a signed-in user may be without a console connection before ログアウト: a reconnect within it
 * (a network blip, a server restart) keeps a chosen status such as 会議中 and records no change, and a
 * mass reconnect costs no status messages at all. Signing out is ログアウト at once.
 */
export const SIGN_OUT_GRACE_MS = 30_000;

export interface StatusEventsDeps {
  service: UserStatusService;
  engine: TelephonyEngine;
  realtime: Pick<RealtimeGateway, 'onPresence'>;
  onError: (error: unknown) => void;
  /** SIGN_OUT_GRACE_MS unless a test says otherwise. */
  signOutGraceMs?: number;
}

/**
 * The statuses the system sets: ログアウト and back from sign-ins, 通話中 from the engine's channels, the
 * end of automatic after-call work. Returns a stop function that waits for work under way.
 */
export function followStatusEvents({
  service,
  engine,
  realtime,
  onError,
  signOutGraceMs = SIGN_OUT_GRACE_MS,
}: StatusEventsDeps): () => Promise<void> {
  const pending = new Set<Promise<unknown>>();
  const run = (work: Promise<unknown>) => {
    const tracked = work.catch(onError).finally(() => pending.delete(tracked));
    pending.add(tracked);
  };
  // Users who lost their last connection but still hold a session, asked again after the grace.
  const graces = new Map<ReturnType<typeof setTimeout>, () => void>();
  let stopped = false;
  const offPresence = realtime.onPresence((counts) => {
    const at = new Date();
    const online = counts.filter((c) => c.loginCnt > 0);
    if (online.length > 0) run(service.signedIn(online));
    const away = counts.filter((c) => c.loginCnt === 0);
    if (away.length === 0) return;
    run(
      service.away(away, at, false).then((gone) => {
        const signedOut = new Set(gone);
        const rest = away.filter((u) => !signedOut.has(u.userUuid));
        if (rest.length === 0) return;
        const check = () => run(service.away(rest, at, true));
        if (stopped) return check();
        const timer = setTimeout(() => {
          graces.delete(timer);
          check();
        }, signOutGraceMs);
        timer.unref();
        graces.set(timer, check);
      }),
    );
  });
  const offCalls = engine.on('callState', ({ domainName }) =>
    run(service.channels(domainName, engine.callState(domainName))),
  );
  let sweeping: Promise<void> | null = null;
  const sweep = setInterval(() => {
    sweeping ??= service
      .endWrapUps()
      .catch(onError)
      .finally(() => (sweeping = null));
  }, WRAP_UP_SWEEP_MS);
  sweep.unref();
  return async () => {
    stopped = true;
    clearInterval(sweep);
    offPresence();
    // Stopping: whoever is still away now is recorded now, not forgotten with the timers.
    for (const [timer, check] of graces) {
      clearTimeout(timer);
      check();
    }
    offCalls();
    await sweeping;
    // Work under way may start more (a sign-out's check after its first read).
    while (pending.size > 0) await Promise.all([...pending]);
  };
}

import type { RealtimeGateway } from '../../platform/realtime';
import type { TelephonyEngine } from '../../telephony/engine';
import type { UserStatusService } from './user-status.service';

/** How often an instance looks for automatic after-call work that is over. */
export const WRAP_UP_SWEEP_MS = 1_000;

export interface StatusEventsDeps {
  service: UserStatusService;
  engine: TelephonyEngine;
  realtime: Pick<RealtimeGateway, 'onPresence'>;
  onError: (error: unknown) => void;
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
}: StatusEventsDeps): () => Promise<void> {
  const pending = new Set<Promise<unknown>>();
  const run = (work: Promise<unknown>) => {
    const tracked = work.catch(onError).finally(() => pending.delete(tracked));
    pending.add(tracked);
  };
  const offPresence = realtime.onPresence((counts) => {
    for (const { domainUuid, userUuid, loginCnt } of counts) {
      run(service.presence(domainUuid, userUuid, loginCnt > 0));
    }
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
    clearInterval(sweep);
    offPresence();
    offCalls();
    await Promise.all([...pending, sweeping]);
  };
}

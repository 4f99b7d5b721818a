import type { EngineEvents, EngineListener } from '../engine';

/** The engine's event fan-out. A listener that throws is reported and never stops the others. */
export interface EngineEmitter {
  on<K extends keyof EngineEvents>(event: K, listener: EngineListener<K>): () => void;
  emit<K extends keyof EngineEvents>(event: K, payload: EngineEvents[K]): void;
  /**
   * Events emitted until `work` settles (or `maxMs` passes) wait, in order, and are delivered then.
   * For SDP relayed on a live call: the listeners' bookkeeping (call records, state fan-out — statements
   * on the one embedded database, on the event loop) would otherwise delay the relay that people hear.
   */
  deferWhile(work: Promise<unknown>, maxMs: number): void;
}

export function createEngineEmitter(onError: (error: unknown) => void): EngineEmitter {
  const listeners = new Map<keyof EngineEvents, Set<(payload: never) => void>>();
  const waiting: (() => void)[] = [];
  let deferrals = 0;

  function deliver<K extends keyof EngineEvents>(event: K, payload: EngineEvents[K]): void {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        (listener as EngineListener<K>)(payload);
      } catch (error) {
        onError(error);
      }
    }
  }

  return {
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener as (payload: never) => void);
      return () => void set.delete(listener as (payload: never) => void);
    },
    emit(event, payload) {
      if (deferrals > 0) waiting.push(() => deliver(event, payload));
      else deliver(event, payload);
    },
    deferWhile(work, maxMs) {
      deferrals += 1;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const capped = new Promise<void>((resolve) => (timer = setTimeout(resolve, maxMs)));
      void Promise.race([work.then(noop, noop), capped]).then(() => {
        clearTimeout(timer);
        deferrals -= 1;
        // A later deferral keeps them waiting; its own end delivers them all, still in order.
        while (deferrals === 0 && waiting.length > 0) waiting.shift()?.();
      });
    },
  };
}

const noop = (): void => undefined;

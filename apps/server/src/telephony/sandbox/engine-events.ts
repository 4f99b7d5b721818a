import type { EngineEvents, EngineListener } from '../engine';

/** The engine's event fan-out. A listener that throws is reported and never stops the others. */
export interface EngineEmitter {
  on<K extends keyof EngineEvents>(event: K, listener: EngineListener<K>): () => void;
  emit<K extends keyof EngineEvents>(event: K, payload: EngineEvents[K]): void;
}

export function createEngineEmitter(onError: (error: unknown) => void): EngineEmitter {
  const listeners = new Map<keyof EngineEvents, Set<(payload: never) => void>>();
  return {
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener as (payload: never) => void);
      return () => void set.delete(listener as (payload: never) => void);
    },
    emit<K extends keyof EngineEvents>(event: K, payload: EngineEvents[K]) {
      for (const listener of [...(listeners.get(event) ?? [])]) {
        try {
          (listener as EngineListener<K>)(payload);
        } catch (error) {
          onError(error);
        }
      }
    },
  };
}

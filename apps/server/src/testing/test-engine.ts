import type {
  CallStateEntry,
  EngineEvents,
  EngineListener,
  ParkSlot,
  TelephonyEngine,
} from '../telephony/engine';

/** A scriptable engine for tests: emits events on demand and records the commands it receives. */
export interface TestEngine extends TelephonyEngine {
  emit<K extends keyof EngineEvents>(event: K, payload: EngineEvents[K]): void;
  channels: Map<string, CallStateEntry[]>;
  clickToCalls: { domainName: string; extension: string; dest: string }[];
  /** Makes the next commands fail as an unreachable exchange would. */
  unreachable: boolean;
}

export function createTestEngine(): TestEngine {
  const listeners = new Map<keyof EngineEvents, Set<(event: never) => void>>();
  const engine: TestEngine = {
    kind: 'sandbox',
    channels: new Map(),
    clickToCalls: [],
    unreachable: false,
    configChanged: () => undefined,
    callState: (domainName) => engine.channels.get(domainName) ?? [],
    parkSlots: (): ParkSlot[] => [],
    deskPhones: async () => [],
    softphones: async () => [],
    async clickToCall(request) {
      if (engine.unreachable) throw new Error('connection refused');
      engine.clickToCalls.push(request);
    },
    hangup: async () => undefined,
    transfer: async () => undefined,
    recordCall: async () => {
      throw new Error('the test engine does not record');
    },
    dropRegistrations: async () => undefined,
    on<K extends keyof EngineEvents>(event: K, listener: EngineListener<K>) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener as (event: never) => void);
      return () => void set.delete(listener as (event: never) => void);
    },
    emit(event, payload) {
      for (const listener of listeners.get(event) ?? []) (listener as (e: typeof payload) => void)(payload);
    },
    close: async () => undefined,
  };
  return engine;
}

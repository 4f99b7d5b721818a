export { createStompBroker, type StompBroker, type StompBrokerOptions } from './broker';
export {
  createMemoryBus,
  createRedisBus,
  type Bus,
  type BusHandler,
  type BusOptions,
  type RedisBusOptions,
  type SharingListener,
} from './bus';
export type { ServerHeartbeat } from './heart-beat';
export type { SessionLimits, StompAction } from './stomp-session';
export {
  createStompParser,
  serializeFrame,
  StompParseError,
  type OutgoingFrame,
  type StompFrame,
  type StompLimits,
} from './stomp-codec';
export {
  createRealtimeGateway,
  mayReceive,
  routeUpgrades,
  type RealtimeGateway,
  type SessionNotifier,
} from './gateway';

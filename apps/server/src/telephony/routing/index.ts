export * from './route-plan';
export * from './tenant-rows';
export { buildTenantConfig, targetKind, type TenantConfig } from './tenant-config';
export type {
  DestinationEntry,
  ExtensionEntry,
  GatewayEntry,
  IvrEntry,
  NoAnswerRule,
  RingGroupEntry,
  ScheduleEntry,
} from './tenant-config';
export { route, type RouteRequest } from './route';

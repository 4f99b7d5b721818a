export {
  createSandboxEngine,
  SandboxError,
  type SandboxEngine,
  type SandboxEngineOptions,
  type SimulatedIncomingCall,
  type TokenOwner,
} from './sandbox-engine';
export type { DeskPhone } from './simulated-phones';
export { DEFAULT_TIMINGS, realSchedule, type SandboxTimings, type Schedule } from './timers';

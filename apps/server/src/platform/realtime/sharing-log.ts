import type { Bus } from './bus';

interface Log {
  error(object: object, message: string): void;
  warn(message: string): void;
}

/** Tells the operator once when Redis stops carrying events between instances, and once when it is back. */
export function logSharing(bus: Bus, log: Log): void {
  let stopped = false;
  bus.watchSharing?.((shared, error) => {
    if (!shared) {
      log.error(
        { err: error },
        'Redis unreachable: real-time events are no longer shared between instances (each instance still serves its own clients)',
      );
    } else if (stopped) {
      log.warn('Redis reachable again: real-time events are shared between instances');
    }
    stopped = !shared;
  });
}

import { FlowAborted, type Schedule } from './timers';

/**
 * A routing flow running for one leg (ringing, an IVR, an announcement). Aborting it — the leg
 * ended, or was transferred elsewhere — rejects whatever it waits for with FlowAborted.
 */
export class CallFlow {
  readonly #controller = new AbortController();
  readonly #digits: string[] = [];
  #wake: (() => void) | null = null;

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  abort(): void {
    this.#controller.abort();
  }

  /** Throws FlowAborted when the flow was aborted (checked after every await). */
  check(): void {
    if (this.signal.aborted) throw new FlowAborted();
  }

  /** Queues DTMF digits pressed on the leg. */
  press(digits: string): void {
    this.#digits.push(...digits);
    this.#wake?.();
  }

  /** Forgets digits pressed before now (a new menu starts). */
  clearDigits(): void {
    this.#digits.length = 0;
  }

  /** The next digit pressed, or null after `ms` without one. */
  nextDigit(schedule: Schedule, ms: number): Promise<string | null> {
    const queued = this.#digits.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    this.check();
    return new Promise((resolve, reject) => {
      const done = () => {
        cancel();
        this.#wake = null;
        this.signal.removeEventListener('abort', onAbort);
      };
      const onAbort = () => {
        done();
        reject(new FlowAborted());
      };
      const cancel = schedule(() => {
        done();
        resolve(null);
      }, ms);
      this.#wake = () => {
        done();
        resolve(this.#digits.shift() ?? null);
      };
      this.signal.addEventListener('abort', onAbort, { once: true });
    });
  }
}

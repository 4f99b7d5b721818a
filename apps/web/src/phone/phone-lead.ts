import { createStore, type Store } from '../shared/store/create-store';
import type { SoftphoneState } from './softphone';

/**
 * One softphone per browser (issue 20): of the tabs sharing a session, one holds the user's phone lock
 * (Web Locks) and runs the softphone — it alone registers, rings and carries the calls' audio. The
 * other tabs wait in the lock's queue, so when the leading tab closes (or signs out, or switches to a
 * desk phone) the next one takes the phone over by itself. Meanwhile they follow the leading tab's
 * state over a BroadcastChannel and send it what the user does there (dial, answer, hang up).
 */

/** The softphone's operations a following tab may ask of the leading tab (its buttons' and the header's). */
export const REMOTE_METHODS = [
  'dial',
  'answer',
  'hangUp',
  'hangUpCall',
  'switchTo',
  'toggleHold',
  'toggleMute',
  'sendDtmf',
  'transfer',
  'consult',
  'completeTransfer',
  'cancelConsult',
  'conference',
  'leaveConference',
  'park',
] as const;
export type RemoteMethod = (typeof REMOTE_METHODS)[number];

/** What a following tab asks the leading tab to do: one of the softphone's operations and its arguments. */
export interface PhoneCommand {
  method: RemoteMethod;
  args: (string | number | undefined)[];
}

type LeadMessage =
  { kind: 'hello' } | { kind: 'state'; state: SoftphoneState } | ({ kind: 'command' } & PhoneCommand);

/** What of BroadcastChannel the lead uses. */
export interface LeadChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
}

/** What of the Web Locks API the lead uses (navigator.locks). */
export interface LeadLocks {
  request(name: string, options: { signal: AbortSignal }, hold: () => Promise<void>): Promise<unknown>;
}

/** This tab's part: null until decided, 'lead' while it runs the phone, 'follow' while another tab does. */
export interface PhoneLeadState {
  role: 'lead' | 'follow' | null;
  /** The leading tab's softphone, as last heard (following tabs only). */
  remote: SoftphoneState | null;
}

export interface PhoneLeadOptions {
  /** The lock's and the channel's name: one phone per user per browser. */
  name: string;
  locks: LeadLocks | null;
  channel: LeadChannel | null;
  /** Starts the softphone in this tab; returns what stops it. */
  lead(): () => void;
  /** The softphone's state now (leading tab only: told to a tab that just opened). */
  current(): SoftphoneState;
  /** Carries out a following tab's command (leading tab only). */
  command(command: PhoneCommand): void;
}

/** Decides which tab runs the phone and keeps the others following it. */
export class PhoneLead {
  readonly store: Store<PhoneLeadState> = createStore<PhoneLeadState>({ role: null, remote: null });
  readonly #options: PhoneLeadOptions;
  readonly #abort = new AbortController();
  #release: (() => void) | null = null;
  #stopped = false;

  constructor(options: PhoneLeadOptions) {
    this.#options = options;
  }

  /** Queues for the phone; until it is this tab's turn, follows the tab that has it. */
  start(): void {
    const { locks, channel, name } = this.#options;
    channel?.addEventListener('message', (event) => this.#receive(event.data as LeadMessage));
    if (!locks) return void this.#hold();
    this.store.set({ role: 'follow', remote: null });
    this.#post({ kind: 'hello' });
    locks.request(name, { signal: this.#abort.signal }, () => this.#hold()).catch(() => undefined);
  }

  /** Gives the phone up (the next tab in the queue takes it) and stops following. */
  stop(): void {
    this.#stopped = true;
    this.#abort.abort();
    this.#release?.();
    this.#options.channel?.close();
    this.store.set({ role: null, remote: null });
  }

  /** The leading tab tells the others how its softphone stands. */
  publish(state: SoftphoneState): void {
    if (this.store.get().role === 'lead') this.#post({ kind: 'state', state });
  }

  /** A following tab asks the leading tab to act. */
  send(command: PhoneCommand): void {
    if (this.store.get().role === 'follow') this.#post({ kind: 'command', ...command });
  }

  async #hold(): Promise<void> {
    if (this.#stopped) return;
    this.store.set({ role: 'lead', remote: null });
    const stopPhone = this.#options.lead();
    // Stopped at once when released (not a turn later), so the tab's phone is down when stop() returns.
    await new Promise<void>((resolve) => {
      this.#release = () => {
        this.#release = null;
        stopPhone();
        resolve();
      };
    });
  }

  #receive(message: LeadMessage): void {
    const { role } = this.store.get();
    if (message.kind === 'state' && role === 'follow') this.store.set({ role, remote: message.state });
    else if (message.kind === 'hello' && role === 'lead') this.publish(this.#options.current());
    else if (message.kind === 'command' && role === 'lead' && REMOTE_METHODS.includes(message.method)) {
      this.#options.command({
        method: message.method,
        args: Array.isArray(message.args) ? message.args : [],
      });
    }
  }

  #post(message: LeadMessage): void {
    this.#options.channel?.postMessage(message);
  }
}

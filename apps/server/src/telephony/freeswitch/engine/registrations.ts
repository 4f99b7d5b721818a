/**
 * Whether each extension is signed in, per kind of phone. FreeSWITCH reports every device (and every
 * re-REGISTER) on its own, so a sign-in is announced only when the extension was not signed in, and
 * a sign-out only once FreeSWITCH confirms that no other device of that kind remains. After a
 * reconnect, FreeSWITCH's listing of each kind replaces what was known (events were missed).
 */
import type { EngineEvents } from '../../engine';
import type { ListedRegistration } from '../esl/events';
import type { RegistrationEvent } from '../types';

type Registration = EngineEvents['registration'];
type Kind = Registration['kind'];

export interface RegistrationDeps {
  /** Whether FreeSWITCH still has a device of this kind signed in for the extension. */
  stillSignedIn(domainName: string, extension: string, kind: Kind): Promise<boolean>;
  announce(registration: Registration): void;
  onError(error: unknown): void;
}

interface State {
  domainName: string;
  extension: string;
  kind: Kind;
  /** null: not known (signed in before we connected, or a check failed). */
  registered: boolean | null;
  /** Bumped by every event and listing, so a check overtaken by either is ignored. */
  version: number;
}

const keyOf = (domainName: string, extension: string, kind: Kind) => `${domainName}|${extension}|${kind}`;

export class Registrations {
  private readonly states = new Map<string, State>();

  constructor(private readonly deps: RegistrationDeps) {}

  handle(event: RegistrationEvent): void {
    const state = this.stateOf(event.domain, event.extension, event.via);
    const version = ++state.version;
    if (event.registered) return this.settle(state, true);
    this.deps
      .stillSignedIn(event.domain, event.extension, event.via)
      .then((remaining) => {
        if (state.version === version && !remaining) this.settle(state, false);
      })
      .catch((error: unknown) => {
        if (state.version === version) state.registered = null;
        this.deps.onError(error);
      });
  }

  /**
   * Takes FreeSWITCH's listing of one kind as the truth: the extensions listed are signed in, every
   * other one of that kind signed out (including those not known either way), each change announced.
   * Sign-out checks still under way are superseded so that they cannot undo the listing; the other
   * kind is left as it is.
   */
  replace(kind: Kind, listed: readonly ListedRegistration[]): void {
    const signedIn = new Set<string>();
    for (const { domain, extension } of listed) {
      this.stateOf(domain, extension, kind);
      signedIn.add(keyOf(domain, extension, kind));
    }
    for (const [key, state] of this.states) {
      if (state.kind !== kind) continue;
      state.version++;
      this.settle(state, signedIn.has(key));
    }
  }

  private stateOf(domainName: string, extension: string, kind: Kind): State {
    const key = keyOf(domainName, extension, kind);
    let state = this.states.get(key);
    if (!state) {
      state = { domainName, extension, kind, registered: null, version: 0 };
      this.states.set(key, state);
    }
    return state;
  }

  private settle(state: State, registered: boolean): void {
    if (state.registered === registered) return;
    state.registered = registered;
    const { domainName, extension, kind } = state;
    this.deps.announce({ domainName, extension, registered, kind });
  }
}

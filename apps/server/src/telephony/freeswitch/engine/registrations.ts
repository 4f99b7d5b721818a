/**
 * Whether each extension is signed in, per kind of phone. FreeSWITCH reports every device (and every
 * re-REGISTER) on its own, so a sign-in is announced only when the extension was not signed in, and
 * a sign-out only once FreeSWITCH confirms that no other device of that kind remains.
 */
import type { EngineEvents } from '../../engine';
import type { RegistrationEvent } from '../types';

type Registration = EngineEvents['registration'];

export interface RegistrationDeps {
  /** Whether FreeSWITCH still has a device of this kind signed in for the extension. */
  stillSignedIn(domainName: string, extension: string, kind: Registration['kind']): Promise<boolean>;
  announce(registration: Registration): void;
  onError(error: unknown): void;
}

interface State {
  /** null: not known (signed in before we connected, or a check failed). */
  registered: boolean | null;
  /** Bumped by every event, so a check overtaken by a newer event is ignored. */
  version: number;
}

export class Registrations {
  private readonly states = new Map<string, State>();

  constructor(private readonly deps: RegistrationDeps) {}

  handle(event: RegistrationEvent): void {
    const key = `${event.domain}|${event.extension}|${event.via}`;
    let state = this.states.get(key);
    if (!state) this.states.set(key, (state = { registered: null, version: 0 }));
    const version = ++state.version;
    const registration: Registration = {
      domainName: event.domain,
      extension: event.extension,
      registered: event.registered,
      kind: event.via,
    };
    if (event.registered) return this.settle(state, registration);
    this.deps
      .stillSignedIn(event.domain, event.extension, event.via)
      .then((remaining) => {
        if (state.version === version && !remaining) this.settle(state, registration);
      })
      .catch((error: unknown) => {
        if (state.version === version) state.registered = null;
        this.deps.onError(error);
      });
  }

  private settle(state: State, registration: Registration): void {
    if (state.registered === registration.registered) return;
    state.registered = registration.registered;
    this.deps.announce(registration);
  }
}

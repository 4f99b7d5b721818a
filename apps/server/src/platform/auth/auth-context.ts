import { can, type Capability, Refusal } from '@tsunagu/contract';

/** Who is calling, resolved from the session on every authenticated request. */
export interface Auth {
  sessionUuid: string;
  userUuid: string;
  username: string;
  userClass: string;
  /** user.menu as stored (JSON string). */
  menu: string;
  domainUuid: string;
  domainName: string;
}

/** Refuses (403) a caller who may not do what the capability names; the router does this per endpoint. */
export function requireCapability(auth: Auth, capability: Capability): void {
  if (!can(auth, capability)) throw new Refusal('forbidden', 'forbidden');
}

import { can, type Capability } from '@tsunagu/contract';
import { Refusal } from '@tsunagu/contract/refusal';

/** Who is calling, resolved from the session on every authenticated request. */
export interface Auth {
  sessionUuid: string;
  userUuid: string;
  username: string;
  userClass: string;
  /** user.menu as stored (JSON string). */
  menu: string;
  /** The tenant the session is in: the user's own, or the one a provider acts inside. */
  domainUuid: string;
  domainName: string;
  /** A provider acting inside another tenant (domainUuid above): their own tenant and why. */
  acting?: { homeDomainUuid: string; reason: string; until: Date } | null;
}

/** Refuses (403) a caller who may not do what the capability names; the router does this per endpoint. */
export function requireCapability(auth: Auth, capability: Capability): void {
  if (!can(auth, capability)) throw new Refusal('forbidden', 'forbidden');
}

/**
 * The sandbox's verto logins go through the console's sign-in throttle (per address, per
 * address + login, slow-down per login) and are written to the audit trail like console sign-ins.
 */
import { audit } from '../../platform/audit/audit.repository';
import type { LoginThrottle } from '../../platform/auth/login-throttle';
import type { Db } from '../../platform/db/client';
import type { VertoIdentity } from './verto-session';

/** A login checked: who it is (null: refused) and the tenant it named, when there is one. */
export interface VertoLoginCheck {
  identity: VertoIdentity | null;
  tenantUuid: string | null;
}

export interface VertoSignInDeps {
  db: Db;
  /** Without one (bare engine tests), logins are not throttled. */
  throttle?: LoginThrottle;
  check(login: string, passwd: string): Promise<VertoLoginCheck>;
}

/** Signs a verto login in from an address: throttled, checked, audited. */
export function createVertoSignIn({ db, throttle, check }: VertoSignInDeps) {
  return async function signIn(
    login: string,
    passwd: string,
    address: string,
  ): Promise<VertoIdentity | null> {
    const record = (action: string, tenantUuid: string | null, detail?: Record<string, unknown>) =>
      audit(db, { domainUuid: tenantUuid, username: login.slice(0, 200), action, detail, ip: address });
    // Keyed apart from console IDs: an extension and a console user may share a name.
    const attempt = throttle ? await throttle.attempt(address, `verto:${login}`) : null;
    if (attempt?.refused) {
      if (attempt.first) await record('verto.login.failure', null, { reason: 'throttled' });
      return null;
    }
    const { identity, tenantUuid } = await check(login, passwd);
    if (!identity) {
      await record('verto.login.failure', tenantUuid, { reason: 'credentials' });
      return null;
    }
    if (attempt && !attempt.refused) await attempt.succeeded();
    await record('verto.login.success', identity.line.tenantUuid, { kind: identity.kind });
    return identity;
  };
}

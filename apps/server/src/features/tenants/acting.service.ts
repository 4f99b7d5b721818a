import { Refusal } from '@tsunagu/contract/refusal';
import { ACTING_HOURS, type Acting } from '@tsunagu/contract/tenant-admin';
import { eq } from 'drizzle-orm';
import { audit } from '../../platform/audit/audit.repository';
import type { Actor } from '../../platform/audit/audited-transaction';
import type { Auth } from '../../platform/auth/auth-context';
import type { SessionCache } from '../../platform/auth/session-cache';
import type { Db } from '../../platform/db/client';
import { sessions } from '../../platform/db/schema';
import { findTenant } from './tenants.repository';

/**
 * A provider acting inside a tenant: the session itself carries the tenant, the reason and the end
 * (sessions.acting_*), so every request, every screen and every real-time connection of the session is
 * in that tenant until it ends — when they leave, or by itself after ACTING_HOURS. Every change made
 * meanwhile is audited with the provider's identity and the reason (audited-transaction.ts).
 */
export function createActingService({
  db,
  sessionCache,
  now = () => new Date(),
}: {
  db: Db;
  sessionCache: Pick<SessionCache, 'forget'>;
  now?: () => Date;
}) {
  const current = (auth: Auth): Acting =>
    auth.acting
      ? {
          domainUuid: auth.domainUuid,
          domainName: auth.domainName,
          reason: auth.acting.reason,
          until: auth.acting.until.toISOString(),
        }
      : null;

  return {
    current,

    async start(actor: Actor, tenantUuid: string, reason: string): Promise<Acting> {
      const home = actor.auth.acting?.homeDomainUuid ?? actor.auth.domainUuid;
      if (tenantUuid === home) throw new Refusal('conflict', 'tenantOwnTenant');
      const until = new Date(now().getTime() + ACTING_HOURS * 3_600_000);
      const tenant = await db.transaction(async (tx) => {
        const found = await findTenant(tx, tenantUuid);
        if (!found || found.deletedAt) throw new Refusal('not-found', 'notFound');
        if (!found.enabled) throw new Refusal('conflict', 'tenantDisabled');
        await tx
          .update(sessions)
          .set({ actingDomainUuid: tenantUuid, actingReason: reason, actingUntil: until })
          .where(eq(sessions.sessionUuid, actor.auth.sessionUuid));
        await audit(tx, {
          domainUuid: tenantUuid,
          userUuid: actor.auth.userUuid,
          username: actor.auth.username,
          action: 'acting.start',
          target: found.domainName,
          ip: actor.ip,
          actingReason: reason,
        });
        return found;
      });
      // The session's tenant changed: this instance reads it again at once (others within SESSION_CACHE_MS).
      sessionCache.forget([actor.auth.sessionUuid]);
      return { domainUuid: tenantUuid, domainName: tenant.domainName, reason, until: until.toISOString() };
    },

    async end(actor: Actor): Promise<void> {
      const { auth } = actor;
      if (!auth.acting) throw new Refusal('conflict', 'tenantNotActing');
      await db.transaction(async (tx) => {
        await tx
          .update(sessions)
          .set({ actingDomainUuid: null, actingReason: null, actingUntil: null })
          .where(eq(sessions.sessionUuid, auth.sessionUuid));
        await audit(tx, {
          domainUuid: auth.domainUuid,
          userUuid: auth.userUuid,
          username: auth.username,
          action: 'acting.end',
          target: auth.domainName,
          ip: actor.ip,
          actingReason: auth.acting?.reason,
        });
        sessionCache.forget([auth.sessionUuid]);
      });
    },
  };
}

import { endpoints } from '@tsunagu/contract';
import type { Router } from '../../platform/http/router';
import type { FeatureDeps } from '../feature';
import { createActingService } from './acting.service';
import { purgeDeletedTenants, schedulePurge } from './tenant-purge';
import { createTenantsService } from './tenants.service';

/** Tenants (/system/admin, the provider only) and acting inside one; the hourly purge of deleted ones. */
export function register(router: Router, deps: FeatureDeps): void {
  const service = createTenantsService(deps);
  const acting = createActingService(deps);
  const now = deps.now ?? (() => new Date());
  router.route(endpoints.tenantList, ({ query }) => service.list(query));
  router.route(endpoints.tenantCreate, ({ actor, body }) => service.create(actor, body));
  router.route(endpoints.tenantGet, ({ tenantUuid }) => service.get(tenantUuid));
  router.route(endpoints.tenantSave, ({ actor, tenantUuid, body }) => service.save(actor, tenantUuid, body));
  router.route(endpoints.tenantDisable, ({ actor, tenantUuid }) => service.disable(actor, tenantUuid));
  router.route(endpoints.tenantEnable, ({ actor, tenantUuid }) => service.enable(actor, tenantUuid));
  router.route(endpoints.tenantDelete, ({ actor, tenantUuid, query }) =>
    service.remove(actor, tenantUuid, query.confirm),
  );
  router.route(endpoints.tenantRestore, ({ actor, tenantUuid }) => service.restore(actor, tenantUuid));
  router.route(endpoints.actingStart, ({ actor, tenantUuid, body }) =>
    acting.start(actor, tenantUuid, body.reason),
  );
  router.route(endpoints.actingGet, async ({ auth }) => acting.current(auth));
  router.route(endpoints.actingEnd, ({ actor }) => acting.end(actor));

  const stop = schedulePurge(
    () => purgeDeletedTenants({ db: deps.db, dataDir: deps.dataDir, now: now() }),
    deps.onError,
  );
  deps.app.addHook('onClose', async () => stop());
}

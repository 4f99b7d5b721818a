import { endpoints } from '@tsunagu/contract';
import type { Router } from '../../platform/http/router';
import type { FeatureDeps } from '../feature';
import { createTwoStepService } from './two-step.service';

export function register(router: Router, deps: FeatureDeps): void {
  const service = createTwoStepService(deps);
  router.route(endpoints.twoStepStatus, ({ auth }) => service.status(auth));
  router.route(endpoints.twoStepSetup, ({ auth }) => service.setup(auth));
  router.route(endpoints.twoStepEnable, ({ actor, body }) => service.enable(actor, body.code));
  router.route(endpoints.twoStepDisable, ({ actor, body }) => service.disable(actor, body));
  router.route(endpoints.twoStepRecoveryCodes, ({ actor, body }) =>
    service.renewRecoveryCodes(actor, body.code),
  );
  router.route(endpoints.twoStepPolicy, ({ tenantUuid }) => service.policy(tenantUuid));
  router.route(endpoints.twoStepPolicySave, ({ actor, tenantUuid, body }) =>
    service.savePolicy(actor, tenantUuid, body),
  );
}

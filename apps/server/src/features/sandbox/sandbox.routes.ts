import { endpoints } from '@tsunagu/contract';
import type { Router } from '../../platform/http/router';
import { createSandboxService } from './sandbox.service';
import { isSandbox } from '../../telephony/create-engine';
import type { FeatureDeps } from '../feature';

/** Routes of the built-in exchange only: registered when TELEPHONY is sandbox, nothing otherwise. */
export function register(router: Router, deps: FeatureDeps): void {
  if (!isSandbox(deps.exchange)) return;
  const service = createSandboxService({ db: deps.db, engine: deps.exchange });
  router.route(endpoints.sandboxCall, ({ auth, body }) => service.call(auth, body));
  router.route(endpoints.sandboxDeskPhone, ({ auth, params }) => service.deskPhone(auth, params.action));
}

import { endpoints } from '@tsunagu/contract';
import type { Router } from '../../platform/http/router';
import type { SandboxService } from './sandbox.service';

/** Routes of the built-in exchange only (registered when TELEPHONY is sandbox). */
export function registerSandboxRoutes(router: Router, service: SandboxService): void {
  router.route(endpoints.sandboxCall, ({ auth, body }) => service.call(auth, body));
  router.route(endpoints.sandboxDeskPhone, ({ auth, params }) => service.deskPhone(auth, params.action));
}

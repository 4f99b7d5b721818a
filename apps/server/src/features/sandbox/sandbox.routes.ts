import { endpoints, sandboxCallSchema } from '@tsunagu/contract';
import { z } from 'zod';
import type { Router } from '../../platform/http/router';
import type { SandboxService } from './sandbox.service';

/** Routes of the built-in exchange only (registered when TELEPHONY is sandbox). */
export function registerSandboxRoutes(router: Router, service: SandboxService): void {
  router.route(endpoints.sandboxCall, {
    body: sandboxCallSchema,
    handler: ({ auth, body }) => service.call(auth, body),
  });
  router.route(endpoints.sandboxDeskPhone, {
    params: z.object({ action: z.enum(['answer', 'hangup']) }),
    handler: async ({ auth, params }) => {
      await service.deskPhone(auth, params.action);
      return null;
    },
  });
}

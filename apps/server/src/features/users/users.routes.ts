import { endpoints, forceLogoutSchema, ok, userSaveRequestSchema } from '@tsunagu/contract';
import { z } from 'zod';
import type { Router } from '../../platform/http/router';
import type { UsersService } from './users.service';

export function registerUsersRoutes(router: Router, service: UsersService): void {
  router.route(endpoints.userInfo, {
    params: z.object({ username: z.string().min(1).max(100) }),
    handler: ({ auth, params }) => service.info(auth, params.username),
  });

  router.route(endpoints.userSave, {
    body: userSaveRequestSchema,
    handler: async ({ auth, body, request, reply }) => {
      const msg = await service.save(auth, body, request.ip);
      return reply.send(ok(null, msg));
    },
  });

  router.route(endpoints.softphoneConnection, {
    handler: ({ auth }) => service.softphoneConnection(auth),
  });

  router.route(endpoints.forceLogout, {
    body: forceLogoutSchema,
    handler: async ({ auth, body, request }) => {
      await service.forceLogout(auth, body.userUuid, request.ip);
      return null;
    },
  });
}

import { endpoints } from '@tsunagu/contract';
import type { FastifyRequest } from 'fastify';
import type { Router } from '../../platform/http/router';
import { createAuthService } from './auth.service';
import type { FeatureDeps } from '../feature';

const clientOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});

export function register(router: Router, deps: FeatureDeps): void {
  const service = createAuthService(deps);
  router.publicRoute(endpoints.login, async ({ body, request, reply }) => {
    const { token, username } = await service.login(body, clientOf(request));
    reply.header('Authorization', `Bearer ${token}`).header('Access-Control-Expose-Headers', 'Authorization');
    return { username };
  });

  router.route(endpoints.logout, ({ auth, request }) => service.logout(auth, clientOf(request)));
}

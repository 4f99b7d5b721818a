import { endpoints } from '@tsunagu/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Router } from '../../platform/http/router';
import { createAuthService, type LoginResult } from './auth.service';
import type { FeatureDeps } from '../feature';

const clientOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});

/** A finished sign-in's token goes in the Authorization header (spec 3), never in the body. */
function answer(reply: FastifyReply, { token, ...rest }: LoginResult) {
  if (token) {
    reply.header('Authorization', `Bearer ${token}`).header('Access-Control-Expose-Headers', 'Authorization');
  }
  return rest;
}

export function register(router: Router, deps: FeatureDeps): void {
  const service = createAuthService(deps);
  router.publicRoute(endpoints.login, async ({ body, request, reply }) =>
    answer(reply, await service.login(body, clientOf(request))),
  );
  router.publicRoute(endpoints.twoStepLogin, async ({ body, request, reply }) =>
    answer(reply, await service.loginSecondStep(body, clientOf(request))),
  );
  router.publicRoute(endpoints.twoStepLoginSetup, ({ body }) => service.loginSetup(body.ticket));

  router.route(endpoints.logout, ({ auth, request }) => service.logout(auth, clientOf(request)));
}

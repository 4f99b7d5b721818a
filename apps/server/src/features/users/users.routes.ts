import { endpoints, ok } from '@tsunagu/contract';
import type { Router } from '../../platform/http/router';
import { sendAnswer } from '../../platform/pbx/list-cache';
import { createUsersService } from './users.service';
import type { FeatureDeps } from '../feature';

export function register(router: Router, deps: FeatureDeps): void {
  const service = createUsersService(deps);
  router.route(endpoints.userInfo, ({ auth, params, query }) =>
    service.info(auth, params.username, query.directory),
  );
  router.route(endpoints.userDirectory, async ({ tenantUuid, reply }) =>
    sendAnswer(reply, await service.directory(tenantUuid)),
  );
  // The answer's msg says what was saved.
  router.route(endpoints.userSave, async ({ auth, body, request, reply }) =>
    reply.send(ok(null, await service.save(auth, body, request.ip))),
  );
  router.route(endpoints.softphoneConnection, ({ auth }) => service.softphoneConnection(auth));
  router.route(endpoints.forceLogout, ({ auth, body, request }) =>
    service.forceLogout(auth, body.userUuid, request.ip),
  );
}

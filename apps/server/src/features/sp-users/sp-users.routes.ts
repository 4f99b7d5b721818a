import { endpoints } from '@tsunagu/contract';
import type { Router } from '../../platform/http/router';
import type { FeatureDeps } from '../feature';
import { createSpUsersService } from './sp-users.service';

/** Provider users (/system/sp-user): the provider only (capability spUser.manage). */
export function register(router: Router, deps: FeatureDeps): void {
  const service = createSpUsersService(deps);
  router.route(endpoints.spUserList, () => service.list());
  router.route(endpoints.spUserSave, ({ actor, body }) => service.save(actor, body));
  router.route(endpoints.spUserDisable, ({ actor, params }) => service.disable(actor, params.userUuid));
  router.route(endpoints.spUserDelete, ({ actor, params }) => service.remove(actor, params.userUuid));
  router.route(endpoints.spUserResetPassword, ({ actor, params }) =>
    service.resetPassword(actor, params.userUuid),
  );
}

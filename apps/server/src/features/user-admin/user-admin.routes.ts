import { endpoints } from '@tsunagu/contract';
import type { Router } from '../../platform/http/router';
import type { FeatureDeps } from '../feature';
import { createPresenceGroupsService } from './presence-groups.service';
import { createUserAdminService } from './user-admin.service';
import { createUserImportService } from './user-import.service';

export function register(router: Router, deps: FeatureDeps): void {
  const users = createUserAdminService(deps);
  const groups = createPresenceGroupsService(deps);
  const imports = createUserImportService(deps);
  router.route(endpoints.userList, ({ tenantUuid, query }) => users.page(tenantUuid, query));
  router.route(endpoints.userListExport, ({ tenantUuid, query }) => users.export(tenantUuid, query));
  router.route(endpoints.userFormOptions, ({ tenantUuid }) => users.options(tenantUuid));
  router.route(endpoints.userAdminSave, ({ actor, tenantUuid, body }) => users.save(actor, tenantUuid, body));
  router.route(endpoints.userDelete, ({ actor, params }) => users.remove(actor, params.userUuid));
  router.route(endpoints.userResetPassword, ({ actor, params }) =>
    users.resetPassword(actor, params.userUuid),
  );
  router.route(endpoints.userImport, ({ actor, tenantUuid, body }) =>
    imports.import(actor, tenantUuid, body),
  );
  router.route(endpoints.userGroupList, ({ tenantUuid }) => groups.list(tenantUuid));
  router.route(endpoints.userGroupSave, ({ actor, tenantUuid, body }) =>
    groups.save(actor, tenantUuid, body),
  );
  router.route(endpoints.userGroupDelete, ({ actor, params }) => groups.remove(actor, params.commUuid));
}

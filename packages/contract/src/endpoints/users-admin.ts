import { z } from 'zod';
import {
  managedUserPageSchema,
  managedUserSavedSchema,
  managedUserSaveSchema,
  managedUserSchema,
  presenceGroupSaveSchema,
  presenceGroupSchema,
  userFormOptionsSchema,
  userListQuerySchema,
} from '../admin/users';
import { userImportRequestSchema, userImportResultSchema } from '../admin/user-import';
import { idSchema } from '../pbx/shared';
import { endpoint, noData } from './define';

const tenantParams = z.object({ domainUuid: idSchema });
const userParams = z.object({ userUuid: idSchema });

/** User management (/system/user) and presence groups: CP for their tenant, SP for any. */
export const usersAdminEndpoints = {
  /** One page of the tenant's users, searched and sorted by the server. */
  userList: endpoint({
    method: 'GET',
    path: '/v1/user/list/:domainUuid',
    capability: 'user.manage',
    params: tenantParams,
    query: userListQuerySchema,
    response: managedUserPageSchema,
  }),
  /** The whole filtered list (up to EXPORT_MAX_ROWS, in the list's order) for the export. */
  userListExport: endpoint({
    method: 'GET',
    path: '/v1/user/list/:domainUuid/export',
    capability: 'user.manage',
    params: tenantParams,
    query: userListQuerySchema,
    response: z.array(managedUserSchema),
  }),
  /** What the user dialog offers: extensions (and who uses each), presence groups, ring groups. */
  userFormOptions: endpoint({
    method: 'GET',
    path: '/v1/user/options/:domainUuid',
    capability: 'user.manage',
    params: tenantParams,
    response: userFormOptionsSchema,
  }),
  /** Creates or edits a user; a generated initial password comes back once. */
  userAdminSave: endpoint({
    method: 'POST',
    path: '/v1/user/save',
    capability: 'user.manage',
    body: managedUserSaveSchema,
    response: managedUserSavedSchema,
  }),
  /** Deletes a user (their sessions end at once; call history keeps the name). */
  userDelete: endpoint({
    method: 'DELETE',
    path: '/v1/user/:userUuid',
    capability: 'user.manage',
    params: userParams,
    response: noData,
  }),
  /** A new generated password, shown once; the user must change it at the next sign-in. */
  userResetPassword: endpoint({
    method: 'POST',
    path: '/v1/user/resetPassword/:userUuid',
    capability: 'user.manage',
    params: userParams,
    response: z.object({ password: z.string() }),
  }),
  /** Users from a file's rows: checked (preview), or created all together (commit). */
  userImport: endpoint({
    method: 'POST',
    path: '/v1/user/import/:domainUuid',
    capability: 'user.manage',
    params: tenantParams,
    body: userImportRequestSchema,
    response: userImportResultSchema,
  }),
  /** The tenant's presence groups with their members. */
  userGroupList: endpoint({
    method: 'GET',
    path: '/v1/userGroup/:domainUuid',
    capability: 'userGroup.manage',
    params: tenantParams,
    response: z.array(presenceGroupSchema),
  }),
  /** Creates or edits a presence group; answers the tenant's groups. */
  userGroupSave: endpoint({
    method: 'POST',
    path: '/v1/userGroup',
    capability: 'userGroup.manage',
    body: presenceGroupSaveSchema,
    response: z.array(presenceGroupSchema),
  }),
  userGroupDelete: endpoint({
    method: 'DELETE',
    path: '/v1/userGroup/:commUuid',
    capability: 'userGroup.manage',
    params: z.object({ commUuid: idSchema }),
    response: z.array(presenceGroupSchema),
  }),
};

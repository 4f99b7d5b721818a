import { z } from 'zod';
import { idSchema } from '../pbx/shared';
import {
  actingSchema,
  actingStartSchema,
  shownPasswordSchema,
  spUserSaveSchema,
  spUserSchema,
  tenantCreateSchema,
  tenantCreatedSchema,
  tenantDeleteQuerySchema,
  tenantDetailSchema,
  tenantEditSchema,
  tenantPageSchema,
  tenantQuerySchema,
} from '../tenant-admin';
import { endpoint } from './define';

const tenantParams = z.object({ domainUuid: idSchema });
const userParams = z.object({ userUuid: idSchema });

/** The provider's administration: tenants (9110), provider users (9120) and acting inside a tenant. */
export const tenantsAdminEndpoints = {
  /** One page of tenants with their users and extensions against their quotas. */
  tenantList: endpoint({
    method: 'GET',
    path: '/v1/domain/list',
    capability: 'tenant.manage',
    query: tenantQuerySchema,
    response: tenantPageSchema,
  }),
  /** The creation wizard: tenant, quotas, first administrator, extensions, lines, numbers at once. */
  tenantCreate: endpoint({
    method: 'POST',
    path: '/v1/domain',
    capability: 'tenant.manage',
    body: tenantCreateSchema,
    response: tenantCreatedSchema,
  }),
  tenantGet: endpoint({
    method: 'GET',
    path: '/v1/domain/:domainUuid',
    capability: 'tenant.manage',
    params: tenantParams,
    response: tenantDetailSchema,
  }),
  /** Description, quotas, lines and incoming numbers (the domain name never changes). */
  tenantSave: endpoint({
    method: 'POST',
    path: '/v1/domain/:domainUuid',
    capability: 'tenant.manage',
    params: tenantParams,
    body: tenantEditSchema,
    response: z.null(),
  }),
  /** Sign-in refused, every session ended, calls refused by the engine; data kept. */
  tenantDisable: endpoint({
    method: 'POST',
    path: '/v1/domain/:domainUuid/disable',
    capability: 'tenant.manage',
    params: tenantParams,
    response: z.null(),
  }),
  tenantEnable: endpoint({
    method: 'POST',
    path: '/v1/domain/:domainUuid/enable',
    capability: 'tenant.manage',
    params: tenantParams,
    response: z.null(),
  }),
  /** Hidden at once, purged after PURGE_AFTER_DAYS unless restored; `confirm` must be the domain name. */
  tenantDelete: endpoint({
    method: 'DELETE',
    path: '/v1/domain/:domainUuid',
    capability: 'tenant.manage',
    params: tenantParams,
    query: tenantDeleteQuerySchema,
    response: z.null(),
  }),
  /** Brings a deleted tenant back (disabled, to be enabled when ready). */
  tenantRestore: endpoint({
    method: 'POST',
    path: '/v1/domain/:domainUuid/restore',
    capability: 'tenant.manage',
    params: tenantParams,
    response: z.null(),
  }),
  /** Starts acting inside the tenant for ACTING_HOURS with a recorded reason. */
  actingStart: endpoint({
    method: 'POST',
    path: '/v1/domain/:domainUuid/act',
    capability: 'tenant.manage',
    params: tenantParams,
    body: actingStartSchema,
    response: actingSchema,
  }),
  /** The caller's acting inside a tenant, or null (any signed-in user may ask). */
  actingGet: endpoint({ method: 'GET', path: '/v1/acting', response: actingSchema }),
  /** Leaves the tenant: back to one's own. */
  actingEnd: endpoint({ method: 'DELETE', path: '/v1/acting', response: z.null() }),

  spUserList: endpoint({
    method: 'GET',
    path: '/v1/spUser/list',
    capability: 'spUser.manage',
    response: z.array(spUserSchema),
  }),
  /** Create or edit; a created user's generated password is answered once. */
  spUserSave: endpoint({
    method: 'POST',
    path: '/v1/spUser',
    capability: 'spUser.manage',
    body: spUserSaveSchema,
    response: shownPasswordSchema,
  }),
  spUserDisable: endpoint({
    method: 'POST',
    path: '/v1/spUser/:userUuid/disable',
    capability: 'spUser.manage',
    params: userParams,
    response: z.null(),
  }),
  spUserDelete: endpoint({
    method: 'DELETE',
    path: '/v1/spUser/:userUuid',
    capability: 'spUser.manage',
    params: userParams,
    response: z.null(),
  }),
  spUserResetPassword: endpoint({
    method: 'POST',
    path: '/v1/spUser/:userUuid/resetPassword',
    capability: 'spUser.manage',
    params: userParams,
    response: shownPasswordSchema,
  }),
};

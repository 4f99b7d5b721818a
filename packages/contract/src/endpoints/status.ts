import { z } from 'zod';
import { setUserStatusSchema, statusSettingSchema, userStatusEntrySchema } from '../user-status';
import { endpoint } from './define';

const tenantParams = z.object({ domainUuid: z.uuid() });

/** Users' working statuses (在席, 離席 …): every signed-in user sees the tenant's and sets their own. */
export const statusEndpoints = {
  userStatusList: endpoint({
    method: 'GET',
    path: '/v1/user/status/:domainUuid',
    params: tenantParams,
    response: z.array(userStatusEntrySchema),
  }),
  /** The caller's own status. */
  userStatusSet: endpoint({
    method: 'POST',
    path: '/v1/user/status',
    body: setUserStatusSchema,
    response: userStatusEntrySchema,
  }),
  statusSetting: endpoint({
    method: 'GET',
    path: '/v1/user/status/setting/:domainUuid',
    params: tenantParams,
    response: statusSettingSchema,
  }),
  statusSettingSave: endpoint({
    method: 'POST',
    path: '/v1/user/status/setting/:domainUuid',
    capability: 'status.setting.edit',
    params: tenantParams,
    body: statusSettingSchema,
    response: statusSettingSchema,
  }),
};

import { adminEndpoints } from './endpoints/admin';
import { authEndpoints } from './endpoints/auth';
import { callsEndpoints } from './endpoints/calls';
import { customerEndpoints } from './endpoints/customers';
import { panelEndpoints } from './endpoints/panel';
import { pbxEndpoints } from './endpoints/pbx';
import { telephonyEndpoints } from './endpoints/telephony';
import { twoStepEndpoints } from './endpoints/two-step';
import { tenantsAdminEndpoints } from './endpoints/tenants-admin';
import { usersAdminEndpoints } from './endpoints/users-admin';

export * from './endpoints/define';
export { healthSchema, type Health } from './endpoints/auth';

/**
 * Every endpoint, by area (one file each under endpoints/). The customer (crm) and analysis areas get
 * files of their own beside these and join this object.
 */
export const endpoints = {
  ...authEndpoints,
  ...pbxEndpoints,
  ...panelEndpoints,
  ...telephonyEndpoints,
  ...adminEndpoints,
  ...callsEndpoints,
  ...twoStepEndpoints,
  ...tenantsAdminEndpoints,
  ...usersAdminEndpoints,
  ...customerEndpoints,
};

import { adminEndpoints } from './endpoints/admin';
import { analysisEndpoints } from './endpoints/analysis';
import { authEndpoints } from './endpoints/auth';
import { callRecordingEndpoints } from './endpoints/call-recording';
import { callsEndpoints } from './endpoints/calls';
import { customerEndpoints } from './endpoints/customers';
import { panelEndpoints } from './endpoints/panel';
import { pbxEndpoints } from './endpoints/pbx';
import { statusEndpoints } from './endpoints/status';
import { telephonyEndpoints } from './endpoints/telephony';
import { twoStepEndpoints } from './endpoints/two-step';
import { tenantsAdminEndpoints } from './endpoints/tenants-admin';
import { usersAdminEndpoints } from './endpoints/users-admin';
import { voicemailEndpoints } from './endpoints/voicemail';

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
  ...statusEndpoints,
  ...analysisEndpoints,
  ...callsEndpoints,
  ...callRecordingEndpoints,
  ...twoStepEndpoints,
  ...tenantsAdminEndpoints,
  ...usersAdminEndpoints,
  ...customerEndpoints,
  ...voicemailEndpoints,
};

import * as actionLog from './action-log/action-log.routes';
import * as analysis from './analysis/analysis.routes';
import * as audit from './audit/audit.routes';
import * as auth from './auth/auth.routes';
import * as callHistory from './call-history/call-history.routes';
import * as callRecording from './call-recording/call-recording.routes';
import * as calls from './calls/calls.routes';
import * as cdr from './cdr/cdr.routes';
import * as chat from './chat/chat.routes';
import * as customers from './customers/customers.routes';
import * as common from './common/common.routes';
import * as destinations from './destinations/destinations.routes';
import * as doNotDisturb from './do-not-disturb/do-not-disturb.routes';
import * as extensions from './extensions/extensions.routes';
import * as ivr from './ivr/ivr.routes';
import * as presence from './presence/presence.routes';
import * as recall from './recall/recall.routes';
import * as recordings from './recordings/recordings.routes';
import * as ringGroups from './ring-groups/ring-groups.routes';
import * as sandbox from './sandbox/sandbox.routes';
import * as schedules from './schedules/schedules.routes';
import * as speedDials from './speed-dials/speed-dials.routes';
import * as twoStep from './two-step/two-step.routes';
import * as spUsers from './sp-users/sp-users.routes';
import * as tenants from './tenants/tenants.routes';
import * as userAdmin from './user-admin/user-admin.routes';
import * as userStatus from './user-status/user-status.routes';
import * as users from './users/users.routes';
import * as voicemail from './voicemail/voicemail.routes';
import type { RegisterFeature } from './feature';

/**
 * Every feature with endpoints. Routing does not depend on this order (Fastify matches a literal path
 * before a parameter, `/extensions/init` before `/extensions/:uuid`, and refuses duplicates whatever
 * the order); the list keeps the console's reading order: sign-in and the user, PBX administration,
 * the staff side panel, and last the sandbox's test controls (present with the built-in exchange only).
 * What must come first or last lives in app.ts: the hooks and error handler before any feature, the
 * SPA's catch-all after them.
 */
export const features: { register: RegisterFeature }[] = [
  auth,
  twoStep,
  users,
  userAdmin,
  extensions,
  common,
  ringGroups,
  ivr,
  destinations,
  speedDials,
  schedules,
  recordings,
  presence,
  userStatus,
  doNotDisturb,
  voicemail,
  cdr,
  callHistory,
  callRecording,
  recall,
  audit,
  tenants,
  spUsers,
  customers,
  analysis,
  chat,
  actionLog,
  calls,
  sandbox,
];

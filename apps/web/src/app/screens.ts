import * as audit from '../features/audit/audit.screen';
import * as login from '../features/auth/login.screen';
import * as callerPage from '../features/caller-page/caller-page.screen';
import * as customers from '../features/customers/customers.screen';
import * as dashboard from '../features/dashboard/dashboard.screen';
import * as destinations from '../features/destinations/destinations.screen';
import * as extensions from '../features/extensions/extensions.screen';
import * as help from '../features/help/help.screen';
import * as voicemail from '../features/voicemail/voicemail.screen';
import * as ivr from '../features/ivr/ivr.screen';
import * as recall from '../features/recall/recall.screen';
import * as lineAnalysis from '../features/line-analysis/line-analysis.screen';
import * as recordings from '../features/recordings/recordings.screen';
import * as ringGroups from '../features/ring-groups/ring-groups.screen';
import * as schedules from '../features/schedules/schedules.screen';
import * as speedDials from '../features/speed-dials/speed-dials.screen';
import * as spUsers from '../features/sp-users/sp-users.screen';
import * as tenants from '../features/tenants/tenants.screen';
import * as tenantCalls from '../features/tenant-calls/tenant-calls.screen';
import * as userAdmin from '../features/user-admin/user-admin.screen';
import * as extensionAnalysis from '../features/extension-analysis/extension-analysis.screen';
import * as statusAnalysis from '../features/status-analysis/status-analysis.screen';
import type { Screen } from '../shared/screen';

/** The sign-in page: outside the protected shell. */
export const loginScreen: Screen = login.screen;

/**
 * Every feature's screens inside the shell: one line per feature. A menu item of the contract without
 * a screen here shows the "coming soon" page under its menu label.
 */
export const screens: readonly Screen[] = [
  dashboard.screen,
  destinations.screen,
  extensions.screen,
  ringGroups.screen,
  ivr.screen,
  schedules.screen,
  speedDials.screen,
  recordings.screen,
  audit.screen,
  tenants.screen,
  spUsers.screen,
  tenantCalls.screen,
  recall.screen,
  userAdmin.screen,
  customers.listScreen,
  customers.recordScreen,
  customers.importScreen,
  customers.layoutScreen,
  lineAnalysis.screen,
  extensionAnalysis.screen,
  statusAnalysis.screen,
  help.screen,
  voicemail.screen,
  callerPage.screen,
];

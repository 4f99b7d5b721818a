import { redirect, type LazyRouteFunction, type RouteObject } from 'react-router';
import { ja } from '../shared/i18n/ja';
import { paths } from '../shared/paths';
import { requireSession } from './require-session';
import { PageLoading, RootLayout, RouteError } from './root-layout';
import type { RouteHandle } from './route-title';

type Lazy = LazyRouteFunction<RouteObject>;

// Every screen is its own chunk, so the login page loads only what it needs.
const comingSoon: Lazy = () =>
  import('./screens/coming-soon-page').then((m) => ({ Component: m.ComingSoonPage }));
const loginPage: Lazy = () => import('../features/auth/login-page').then((m) => ({ Component: m.LoginPage }));
const shellLayout: Lazy = () => import('./shell/shell-layout').then((m) => ({ Component: m.ShellLayout }));
const destinationsPage: Lazy = () =>
  import('../features/destinations/destinations-page').then((m) => ({ Component: m.DestinationsPage }));
const extensionsPage: Lazy = () =>
  import('../features/extensions/extensions-page').then((m) => ({ Component: m.ExtensionsPage }));
const ringGroupsPage: Lazy = () =>
  import('../features/ring-groups/ring-groups-page').then((m) => ({ Component: m.RingGroupsPage }));
const ivrPage: Lazy = () => import('../features/ivr/ivr-page').then((m) => ({ Component: m.IvrPage }));
const speedDialsPage: Lazy = () =>
  import('../features/speed-dials/speed-dials-page').then((m) => ({ Component: m.SpeedDialsPage }));
const schedulesPage: Lazy = () =>
  import('../features/schedules/schedules-page').then((m) => ({ Component: m.SchedulesPage }));
const recordingsPage: Lazy = () =>
  import('../features/recordings/recordings-page').then((m) => ({ Component: m.RecordingsPage }));
const customerRecordPage: Lazy = () =>
  import('../features/customer-record/customer-record-page').then((m) => ({
    Component: m.CustomerRecordPage,
  }));
const auditPage: Lazy = () =>
  import('../features/audit/audit-page').then((m) => ({ Component: m.AuditPage }));
const helpPage: Lazy = () => import('../features/help/help-page').then((m) => ({ Component: m.HelpPage }));
const callerPage: Lazy = () =>
  import('../features/caller-page/caller-page').then((m) => ({ Component: m.CallerPage }));

const handle = (title: string): RouteHandle => ({ title });
const screen = (path: string, title: string, lazy: Lazy = comingSoon): RouteObject => ({
  path,
  handle: handle(title),
  lazy,
});
const redirectIndex = (to: string): RouteObject => ({ index: true, loader: () => redirect(to) });

/** The route table of spec 2.1: the login page, and the protected shell with every menu screen. */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: PageLoading,
    ErrorBoundary: RouteError,
    children: [
      redirectIndex(paths.dashboard.href()),
      screen(paths.login.path, ja.titles.login, loginPage),
      {
        id: 'shell',
        loader: requireSession,
        lazy: shellLayout,
        handle: handle(ja.titles.top),
        children: [
          screen(paths.dashboard.path, ja.titles.dashboard),
          screen(paths.help.path, ja.titles.help, helpPage),
          {
            path: paths.cust.root.path,
            children: [
              redirectIndex(paths.cust.list.href()),
              screen(paths.cust.list.path, ja.titles.custList),
              screen(paths.cust.recall.path, ja.titles.custRecall),
              screen(paths.cust.record.path, ja.titles.custRecord, customerRecordPage),
              screen(paths.cust.cdr.path, ja.titles.custCdr),
              screen(paths.cust.import.path, ja.titles.custImport),
            ],
          },
          {
            path: paths.system.root.path,
            children: [
              redirectIndex(paths.system.user.href()),
              screen(paths.system.user.path, ja.titles.systemUser),
              screen(paths.system.layout.path, ja.titles.systemLayout),
              screen(paths.system.admin.path, ja.titles.systemAdmin),
              screen(paths.system.spUser.path, ja.titles.systemSpUser),
              screen(paths.system.audit.path, ja.titles.systemAudit, auditPage),
            ],
          },
          {
            path: paths.pbx.root.path,
            handle: handle(ja.titles.pbx),
            children: [
              redirectIndex(paths.pbx.destination.href()),
              screen(paths.pbx.destination.path, ja.titles.pbxDestination, destinationsPage),
              screen(paths.pbx.extension.path, ja.titles.pbxExtension, extensionsPage),
              screen(paths.pbx.ringGroup.path, ja.titles.pbxRingGroup, ringGroupsPage),
              screen(paths.pbx.ivr.path, ja.titles.pbxIvr, ivrPage),
              screen(paths.pbx.time.path, ja.titles.pbxTime, schedulesPage),
              screen(paths.pbx.speedDial.path, ja.titles.pbxSpeedDial, speedDialsPage),
              screen(paths.pbx.recording.path, ja.titles.pbxRecording, recordingsPage),
            ],
          },
          // The sandbox's caller page (模擬発信); the page itself checks the exchange and the user's class.
          screen(paths.sandbox.caller.path, ja.callerPage.title, callerPage),
          {
            path: paths.analy.root.path,
            children: [
              redirectIndex(paths.analy.line.href()),
              screen(paths.analy.line.path, ja.titles.analyLine),
              screen(paths.analy.exten.path, ja.titles.analyExten),
              screen(paths.analy.status.path, ja.titles.analyStatus),
            ],
          },
        ],
      },
      { path: '*', loader: () => redirect(paths.dashboard.href()) },
    ],
  },
];

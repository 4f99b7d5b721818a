import { MENU, walk } from '@tsunagu/contract/menu';
import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LazyRouteFunction, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { ja } from '../shared/i18n/ja';
import type { Screen } from '../shared/screen';
import { paths } from '../shared/paths';
import { getSession, sessionExpired } from '../shared/session/session-store';
import { requireSession } from './require-session';
import { mayOpen } from './screens/may-open';
import { PageLoading, RootLayout, RouteError } from './root-layout';
import type { RouteHandle } from './route-title';
import { loginScreen, screens } from './screens';

type Lazy = LazyRouteFunction<RouteObject>;

// Every screen is its own chunk, so the login page loads only what it needs.
const comingSoon: Lazy = () =>
  import('./screens/coming-soon-page').then((m) => ({ Component: m.ComingSoonPage }));
const shellLayout: Lazy = () => import('./shell/shell-layout').then((m) => ({ Component: m.ShellLayout }));

const handle = (title: string): RouteHandle => ({ title });
const redirectIndex = (to: string): RouteObject => ({ index: true, loader: () => redirect(to) });

/**
 * A screen's route. A screen that prefetches gets a loader that starts its queries and returns at once:
 * react-router runs it beside the lazy loads of the shell's and the screen's code, so the answer is on
 * its way while the code arrives (and never holds the navigation up). The server checks every request
 * as always; the loader only spares the requests it would refuse or that would sign the user out.
 */
function screenRoute({ path, title, lazy, Component, prefetch }: Screen, client: QueryClient): RouteObject {
  const loader =
    prefetch &&
    (({ request }: LoaderFunctionArgs) => {
      const session = getSession();
      const url = new URL(request.url);
      if (session && !sessionExpired() && mayOpen(session.user.user, url.pathname)) {
        // A failure is the screen's to show (its own query asks again); not an unhandled rejection.
        prefetch(client, url.searchParams, session.user).catch(() => undefined);
      }
      return null;
    });
  return {
    path,
    handle: handle(title ?? ''),
    ...(Component ? { Component } : { lazy }),
    ...(loader && { loader }),
  };
}

/**
 * The shell's screens: every screen of the contract's menu under its menu label (one name per screen:
 * the sidebar's and the title's), drawn by the feature that registered its path or "coming soon", then
 * the features' screens outside the menu, which name their own titles.
 */
export function shellScreens(registered: readonly Screen[] = screens): Screen[] {
  const byPath = new Map(registered.map((screen) => [screen.path, screen]));
  const inMenu: Screen[] = [];
  walk(MENU, (item) => {
    if (!item.path || item.children) return;
    inMenu.push({ ...(byPath.get(item.path) ?? { lazy: comingSoon }), path: item.path, title: item.label });
    byPath.delete(item.path);
  });
  return [...inMenu, ...byPath.values()];
}

// URL prefixes whose bare path opens their first menu screen; /pbx's own title is the spec's 'PBX'.
const GROUPS: readonly { root: string; title?: string }[] = [
  { root: paths.cust.root.path },
  { root: paths.system.root.path },
  { root: paths.pbx.root.path, title: ja.titles.pbx },
  { root: paths.analy.root.path },
];

/** The shell's routes: each group's screens under it (its bare path redirecting to the first), the rest beside. */
function shellRoutes(all: Screen[], client: QueryClient): RouteObject[] {
  const route = (screen: Screen) => screenRoute(screen, client);
  const groupOf = (screen: Screen) => GROUPS.find((group) => screen.path.startsWith(`${group.root}/`));
  const groups = GROUPS.map(({ root, title }): RouteObject => {
    const inside = all.filter((screen) => groupOf(screen)?.root === root);
    return {
      path: root,
      ...(title && { handle: handle(title) }),
      children: [redirectIndex(inside[0]!.path), ...inside.map(route)],
    };
  });
  return [...all.filter((screen) => !groupOf(screen)).map(route), ...groups];
}

/**
 * The route table of spec 2.1: the login page, and the protected shell with every menu screen. The
 * query client is the app's, into which the screens' routes prefetch.
 */
export const appRoutes = (client: QueryClient): RouteObject[] => [
  {
    Component: RootLayout,
    HydrateFallback: PageLoading,
    ErrorBoundary: RouteError,
    children: [
      redirectIndex(paths.dashboard.href()),
      screenRoute(loginScreen, client),
      {
        id: 'shell',
        loader: requireSession,
        lazy: shellLayout,
        handle: handle(ja.titles.top),
        children: shellRoutes(shellScreens(), client),
      },
      { path: '*', loader: () => redirect(paths.dashboard.href()) },
    ],
  },
];

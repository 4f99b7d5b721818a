import type { QueryClient } from '@tanstack/react-query';
import type { UserInfo } from '@tsunagu/contract/auth';
import type { ComponentType } from 'react';
import type { LazyRouteFunction, RouteObject } from 'react-router';

/**
 * A feature's screen, as the feature registers it (`features/x/x.screen.ts`): where it lives and its
 * page, loaded lazily so every screen is its own chunk. A screen of the contract's menu takes its title
 * from the menu's label; a screen outside the menu names its own.
 */
export type Screen = {
  path: string;
  /** Only for a screen outside the menu (the menu's label is the title otherwise). */
  title?: string;
  /**
   * Starts the screen's queries from its URL as the route is entered, while the screen's code loads, so
   * that the answer and the code arrive together rather than one after the other. Runs only for a
   * signed-in user whose menu shows the screen; the screen reads the same cache entries.
   */
  prefetch?: (client: QueryClient, params: URLSearchParams, user: UserInfo) => Promise<void>;
  /** Load the screen's code when the browser is idle after sign-in (a heavy screen often opened next). */
  warm?: boolean;
} & (
  | { lazy: LazyRouteFunction<RouteObject>; Component?: never }
  /** A page loaded ahead (shared/preloaded-page.tsx): rendered at once when its code is there. */
  | { Component: ComponentType; lazy?: never }
);

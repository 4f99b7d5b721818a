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
} & (
  | { lazy: LazyRouteFunction<RouteObject>; Component?: never }
  /** A page loaded ahead (shared/preloaded-page.tsx): rendered at once when its code is there. */
  | { Component: ComponentType; lazy?: never }
);

import { useMatches } from 'react-router';
import { ja } from '../shared/i18n/ja';

/** What a route declares in its `handle`. */
export interface RouteHandle {
  /** Page title (document title and page heading). */
  title: string;
}

function titleOf(handle: unknown): string | undefined {
  return typeof handle === 'object' && handle !== null && 'title' in handle
    ? (handle as RouteHandle).title
    : undefined;
}

/** The title of the deepest matched route that declares one. */
export function useRouteTitle(): string {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const title = titleOf(matches[i]?.handle);
    if (title) return title;
  }
  return ja.appName;
}

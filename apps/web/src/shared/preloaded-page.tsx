import { Suspense, use, type ComponentType, type ReactNode } from 'react';

/**
 * A screen's page in a chunk of its own that renders at once when its chunk has been loaded ahead
 * (`preload`, in idle time): the route gets a Component rather than a `lazy`. react-router renders a
 * navigation to a route whose `lazy` has not been resolved yet as a transition, in slices, whatever
 * flushSync asked for: the first ring after sign-in painted the record late (issue 19). Before the
 * chunk is there the page shows `fallback` while it loads; a chunk that fails to load throws to the
 * route's error screen, and the next render tries again.
 */
export function preloadedPage(load: () => Promise<ComponentType>, fallback: ReactNode = null) {
  let Page: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = (): Promise<ComponentType> => {
    loading ??= load().then(
      (loaded) => (Page = loaded),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  function Loaded() {
    const Shown = Page ?? use(preload());
    return <Shown />;
  }
  // One shape whether the chunk is there or not: the page never remounts when it arrives.
  function PreloadedPage() {
    return (
      <Suspense fallback={fallback}>
        <Loaded />
      </Suspense>
    );
  }
  return { Component: PreloadedPage, preload };
}

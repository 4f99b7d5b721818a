import type { MenuSubject } from '@tsunagu/contract/permissions';
import type { Screen } from '../../shared/screen';
import { screens } from '../screens';
import { mayOpen } from '../screens/may-open';

/** After the first screen's own work: a warm-up must not compete with the page being opened. */
const SETTLE_MS = 1_000;

/**
 * Loads the code of the heavy screens the user may open (`warm` in their registration, e.g. the analyses
 * with their chart library), one per idle moment of the browser, so that opening one from the menu
 * waits only for its answer. Browsers without requestIdleCallback skip it: the screens load on demand.
 * Returns a stop for the shell's unmount or a change of user.
 */
export function warmScreens(user: MenuSubject, registered: readonly Screen[] = screens): () => void {
  const waiting = registered.filter((screen) => screen.warm && mayOpen(user, screen.path));
  if (typeof window.requestIdleCallback !== 'function' || waiting.length === 0) return () => undefined;
  let stopped = false;
  let idle: number | undefined;
  const next = () => {
    const screen = waiting.shift();
    if (!screen || stopped) return;
    idle = window.requestIdleCallback(
      () => {
        // A chunk that fails to load here loads again when the screen is opened.
        void Promise.resolve(screen.lazy())
          .catch(() => undefined)
          .then(next);
      },
      { timeout: 10_000 },
    );
  };
  const settle = window.setTimeout(next, SETTLE_MS);
  return () => {
    stopped = true;
    window.clearTimeout(settle);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}

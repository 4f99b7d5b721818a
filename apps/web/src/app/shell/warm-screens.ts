import type { MenuSubject } from '@tsunagu/contract/permissions';
import type { Screen } from '../../shared/screen';
import { warmWhenIdle } from '../idle-warm';
import { screens } from '../screens';
import { mayOpen } from '../screens/may-open';

/**
 * Loads the code of the heavy screens the user may open (`warm` in their registration, e.g. the analyses
 * with their chart library) in idle time after the shell has painted (idle-warm.tsx), so that opening one
 * from the menu waits only for its answer. Returns a stop for the shell's unmount or a change of user.
 */
export function warmScreens(user: MenuSubject, registered: readonly Screen[] = screens): () => void {
  const stops = registered
    .filter((screen) => screen.warm && mayOpen(user, screen.path))
    .flatMap((screen) => (screen.lazy ? [warmWhenIdle(screen.lazy)] : []));
  return () => stops.forEach((stop) => stop());
}

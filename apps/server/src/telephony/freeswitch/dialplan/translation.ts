/**
 * What a plan becomes in FreeSWITCH's XML dialplan, before rendering: applications in order, and
 * guards (a condition FreeSWITCH evaluates while routing, with actions when it holds and others when
 * it does not). Rendered as flat conditions, since FreeSWITCH's XML dialplan has no nesting.
 */

/** One dialplan application and its argument. */
export interface Action {
  readonly app: string;
  readonly data?: string;
}

/** `field` is matched against `expression`: `then` runs when it matches, `otherwise` when not. */
export interface Guard {
  readonly field: string;
  readonly expression: string;
  readonly then: readonly Action[];
  readonly otherwise: readonly Action[];
}

/** Applications that always run, then each guard in turn. */
export interface Translation {
  readonly actions: readonly Action[];
  readonly guards: readonly Guard[];
}

/** An application. */
export const action = (app: string, data?: string): Action => (data === undefined ? { app } : { app, data });

/** Applications that always run. */
export const run = (...actions: Action[]): Translation => ({ actions, guards: [] });

/** A guarded choice. */
export const guard = (g: Guard): Translation => ({ actions: [], guards: [g] });

/**
 * One translation after another. Applications following a guard are added to both its branches,
 * so FreeSWITCH still executes everything in order (it collects the chosen applications condition
 * by condition, then runs them).
 */
export function sequence(...parts: Translation[]): Translation {
  return parts.reduce((first, next) => {
    const last = first.guards[first.guards.length - 1];
    if (!last) return { actions: [...first.actions, ...next.actions], guards: next.guards };
    const extended: Guard = {
      ...last,
      then: [...last.then, ...next.actions],
      otherwise: [...last.otherwise, ...next.actions],
    };
    return { actions: first.actions, guards: [...first.guards.slice(0, -1), extended, ...next.guards] };
  }, run());
}

// Application data is expanded by FreeSWITCH: '${…}' would run an API command. Text that comes from
// tenant settings (names, addresses, file names) never carries these characters into a dialplan.
const EXPANDING = /[${}\\\r\n]/g;

/** Tenant-provided text made safe to place in application data. */
export function plain(text: string): string {
  return text.replace(EXPANDING, '');
}

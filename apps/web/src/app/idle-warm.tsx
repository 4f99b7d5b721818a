import { startTransition, useCallback, useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * Work done ahead in the browser's idle time, once the shell is on screen, so that the first time a user
 * needs something it costs what it costs the second time. Issue 19: the first ring after sign-in paid for
 * the record's code, antd computing the pop-up's and the record's styles and the JIT's first runs, and
 * painted the record well after the later rings did.
 *
 * A task runs once (the same function given twice runs once), one task per idle period, in the order
 * given, and never before `shellPainted()`: nothing here competes with the sign-in's first paint. A task
 * must not change what the user sees nor fetch data nobody asked for.
 */
export type WarmTask = () => unknown;

/** Idle periods shorter than this are passed over: a task should not run into the next frame. */
const MIN_IDLE_MS = 10;
/** Where the browser has no requestIdleCallback (Safari): this long after the shell's paint, per task. */
const FALLBACK_DELAY_MS = 1_000;

const queue: WarmTask[] = [];
const given = new Set<WarmTask>();
let shellUp = false;
let scheduled = false;

/**
 * Runs `task` once, in an idle period after the shell has painted. Returns a function that takes it
 * back if it has not run yet (a component that registered it unmounts).
 */
export function warmWhenIdle(task: WarmTask): () => void {
  if (!given.has(task)) {
    given.add(task);
    queue.push(task);
    schedule();
  }
  return () => {
    const at = queue.indexOf(task);
    if (at < 0) return;
    queue.splice(at, 1);
    given.delete(task);
  };
}

/** The shell's first frame is on screen: the warm-up may start (the shell calls this once it has painted). */
export function shellPainted(): void {
  shellUp = true;
  schedule();
}

function schedule(): void {
  if (!shellUp || scheduled || queue.length === 0) return;
  scheduled = true;
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(runOne);
  else setTimeout(runOne, FALLBACK_DELAY_MS);
}

function runOne(deadline?: IdleDeadline): void {
  scheduled = false;
  if (deadline && deadline.timeRemaining() < MIN_IDLE_MS) {
    schedule();
    return;
  }
  const task = queue.shift();
  if (task) {
    try {
      // A warm-up that fails (a chunk that did not download) is done again, for real, when it is needed.
      void Promise.resolve(task()).catch(() => undefined);
    } catch {
      // As above: the real use reports the failure.
    }
  }
  schedule();
}

/**
 * Renders what `load` gives once, in an idle period after the shell has painted, into an element that
 * is not in the page, then drops it: its code has run once and antd has computed its styles, which the
 * app keeps for the visit (style-cache.ts). Nobody sees it; the render is a transition, so it yields to
 * input. What is rendered must not fetch anything. `load` should be stable (a module's function).
 */
export function RenderWhenIdle({ load }: { load: () => ReactNode | Promise<ReactNode> }) {
  const [shown, setShown] = useState<ReactNode>(null);
  const [offPage] = useState(() => document.createElement('div'));
  useEffect(
    () =>
      warmWhenIdle(async () => {
        const node = await load();
        startTransition(() => setShown(node));
      }),
    [load],
  );
  const drop = useCallback(() => setShown(null), []);
  return shown === null ? null : createPortal(<Rendered onRendered={drop}>{shown}</Rendered>, offPage);
}

/** Calls `onRendered` once its children are committed. */
function Rendered({ children, onRendered }: { children: ReactNode; onRendered: () => void }) {
  useEffect(onRendered, [onRendered]);
  return children;
}

/** Tests only: back to a page that has not painted its shell yet. */
export function resetIdleWarmUp(): void {
  queue.length = 0;
  given.clear();
  shellUp = false;
  scheduled = false;
}

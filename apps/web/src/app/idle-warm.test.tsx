import { render, act } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RenderWhenIdle, resetIdleWarmUp, shellPainted, warmWhenIdle } from './idle-warm';

/** The browser's idle callbacks, fired by hand with as much idle time as a test says. */
let idle: IdleRequestCallback[] = [];
function idleFor(ms: number) {
  const due = idle;
  idle = [];
  for (const callback of due) callback({ didTimeout: false, timeRemaining: () => ms });
}

beforeEach(() => {
  idle = [];
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idle.push(callback));
});
afterEach(() => resetIdleWarmUp());

describe('warmWhenIdle', () => {
  it('waits for the shell’s paint, then runs a task in an idle period, once', () => {
    const task = vi.fn();
    warmWhenIdle(task);
    warmWhenIdle(task);
    idleFor(50);
    expect(task).not.toHaveBeenCalled();
    expect(idle).toHaveLength(0);

    shellPainted();
    expect(task).not.toHaveBeenCalled();
    idleFor(50);
    expect(task).toHaveBeenCalledTimes(1);

    warmWhenIdle(task);
    idleFor(50);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs one task per idle period, in order, and passes over periods too short for one', () => {
    const ran: string[] = [];
    shellPainted();
    warmWhenIdle(() => ran.push('first'));
    warmWhenIdle(() => ran.push('second'));
    idleFor(2);
    expect(ran).toEqual([]);
    idleFor(50);
    expect(ran).toEqual(['first']);
    idleFor(50);
    expect(ran).toEqual(['first', 'second']);
    expect(idle).toHaveLength(0);
  });

  it('drops a task taken back before it ran, and goes on after a task that fails', () => {
    const dropped = vi.fn();
    const after = vi.fn();
    shellPainted();
    const takeBack = warmWhenIdle(dropped);
    warmWhenIdle(() => {
      throw new Error('chunk not loaded');
    });
    warmWhenIdle(after);
    takeBack();
    idleFor(50);
    idleFor(50);
    idleFor(50);
    expect(dropped).not.toHaveBeenCalled();
    expect(after).toHaveBeenCalledTimes(1);
  });
});

describe('RenderWhenIdle', () => {
  it('renders once off the page when idle, then drops it', async () => {
    const rendered = vi.fn();
    const dropped = vi.fn();
    function Sample() {
      rendered();
      useEffect(() => dropped, []);
      return <p>sample</p>;
    }
    const load = () => <Sample />;
    const view = render(<RenderWhenIdle load={load} />);
    shellPainted();
    expect(rendered).not.toHaveBeenCalled();
    await act(async () => idleFor(50));
    expect(rendered).toHaveBeenCalled();
    // Never in the page, and dropped once rendered.
    expect(document.body.textContent).not.toContain('sample');
    expect(dropped).toHaveBeenCalledTimes(1);
    const renders = rendered.mock.calls.length;
    view.rerender(<RenderWhenIdle load={load} />);
    await act(async () => idleFor(50));
    expect(rendered).toHaveBeenCalledTimes(renders);
  });
});

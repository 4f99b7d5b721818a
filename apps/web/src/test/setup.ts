import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetIdleWarmUp } from '../app/idle-warm';
import { FakeWebSocket, fakeStomp } from '../shared/realtime/fake-stomp';
import { endSession } from '../shared/session/session-store';
import { resetShellState } from '../shared/shell-state/shell-state';

// Routes load their screens lazily; the first import of a screen in a test run takes a while.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks matchMedia, which antd's responsive components (Sider, Grid) query.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;

// Nor ResizeObserver, which antd's tabs, menus and typography observe.
window.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// Nor requestIdleCallback: here the page is never idle, so the shell's warm-ups (app/idle-warm.tsx)
// stay queued; the tests of the warm-up idle on purpose.
window.requestIdleCallback ??= () => 0;

// Test files share one process: a real BroadcastChannel would let one test's tabs talk to another's.
// The tab-sharing tests hand their own fake channel in instead.
Reflect.deleteProperty(globalThis, 'BroadcastChannel');

// The shell opens the real-time socket: tests talk to an in-memory STOMP broker (fakeStomp) instead.
beforeEach(() => {
  vi.stubGlobal('WebSocket', FakeWebSocket);
});

afterEach(() => {
  cleanup();
  endSession();
  fakeStomp.reset();
  resetShellState();
  resetIdleWarmUp();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

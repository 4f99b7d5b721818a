import { menuConfig } from '@tsunagu/contract/menu';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Screen } from '../../shared/screen';
import { userInfoFixture } from '../../test/fixtures';
import { warmScreens } from './warm-screens';

const screen = (path: string, warm: boolean) => {
  const lazy = vi.fn(async () => ({}));
  return { screen: { path, lazy, warm } satisfies Screen, lazy };
};

describe('warmScreens', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  function idleBrowser() {
    const waiting: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => waiting.push(run));
    vi.stubGlobal('cancelIdleCallback', () => waiting.splice(0));
    return waiting;
  }

  it("loads the screens marked warm that the user's menu shows, one per idle moment, after the first screen's work", async () => {
    vi.useFakeTimers();
    const idle = idleBrowser();
    const line = screen('/analy/line', true);
    const exten = screen('/analy/exten', true);
    const status = screen('/analy/status', true);
    const tenants = screen('/system/admin', true);
    const ivr = screen('/pbx/ivr', false);
    // A staff user whose menu hides 内線分析 (and, being staff, the provider's screens).
    const user = userInfoFixture({ userClass: 'staff', menu: menuConfig([4200]) }).user;
    warmScreens(user, [line.screen, ivr.screen, exten.screen, tenants.screen, status.screen]);

    expect(idle).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    idle.shift()!();
    expect(line.lazy).toHaveBeenCalledTimes(1);
    expect(status.lazy).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(idle).toHaveLength(1));
    idle.shift()!();
    expect(status.lazy).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(idle).toHaveLength(0);
    expect(ivr.lazy).not.toHaveBeenCalled();
    expect(exten.lazy).not.toHaveBeenCalled();
    expect(tenants.lazy).not.toHaveBeenCalled();
  });

  it('loads nothing once stopped, and nothing where the browser has no idle callback', async () => {
    vi.useFakeTimers();
    const line = screen('/analy/line', true);
    const user = userInfoFixture().user;
    // jsdom, like some browsers, has no requestIdleCallback.
    warmScreens(user, [line.screen]);
    await vi.advanceTimersByTimeAsync(5_000);

    const idle = idleBrowser();
    warmScreens(user, [line.screen])();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(idle).toHaveLength(0);
    expect(line.lazy).not.toHaveBeenCalled();
  });
});

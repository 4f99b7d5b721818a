import { menuConfig } from '@tsunagu/contract/menu';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Screen } from '../../shared/screen';
import { userInfoFixture } from '../../test/fixtures';
import { shellPainted } from '../idle-warm';
import { warmScreens } from './warm-screens';

const screen = (path: string, warm: boolean) => {
  const lazy = vi.fn(async () => ({}));
  return { screen: { path, lazy, warm } satisfies Screen, lazy };
};

/** The browser's idle callbacks, fired by hand, each with a whole idle period. */
let idle: IdleRequestCallback[] = [];
const idleOnce = () => idle.shift()!({ didTimeout: false, timeRemaining: () => 50 });

describe('warmScreens', () => {
  beforeEach(() => {
    idle = [];
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idle.push(callback));
  });

  it("loads the screens marked warm that the user's menu shows, one per idle period, after the shell's paint", () => {
    const line = screen('/analy/line', true);
    const exten = screen('/analy/exten', true);
    const status = screen('/analy/status', true);
    const tenants = screen('/system/admin', true);
    const ivr = screen('/pbx/ivr', false);
    // A staff user whose menu hides 内線分析 (and, being staff, the provider's screens).
    const user = userInfoFixture({ userClass: 'staff', menu: menuConfig([4200]) }).user;
    warmScreens(user, [line.screen, ivr.screen, exten.screen, tenants.screen, status.screen]);

    expect(idle).toHaveLength(0);
    shellPainted();
    idleOnce();
    expect(line.lazy).toHaveBeenCalledTimes(1);
    expect(status.lazy).not.toHaveBeenCalled();
    idleOnce();
    expect(status.lazy).toHaveBeenCalledTimes(1);
    expect(idle).toHaveLength(0);
    expect(ivr.lazy).not.toHaveBeenCalled();
    expect(exten.lazy).not.toHaveBeenCalled();
    expect(tenants.lazy).not.toHaveBeenCalled();
  });

  it('loads nothing once stopped', () => {
    const line = screen('/analy/line', true);
    warmScreens(userInfoFixture().user, [line.screen])();
    shellPainted();
    expect(idle).toHaveLength(0);
    expect(line.lazy).not.toHaveBeenCalled();
  });
});

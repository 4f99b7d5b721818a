import { afterEach, describe, expect, it } from 'vitest';
import { userInfoFixture } from '../../test/fixtures';
import { endSession, getSession, sessionExpiresAt, signedOutReason, startSession } from './session-store';
import { askOtherTabs, onSessionAdopted, shareSessionBetweenTabs, type TabChannel } from './tab-session';

// Each test plays one tab (this module, with its own sessionStorage) and fakes the browser's other
// tabs at the far end of the channel.
const fromOthers: unknown[] = [];
let deliver: ((message: unknown) => void) | null = null;
let stopSharing: (() => void) | null = null;

function share() {
  stopSharing = shareSessionBetweenTabs(
    () =>
      ({
        postMessage: (message) => void fromOthers.push(structuredClone(message)),
        addEventListener: (_type, listener) => {
          deliver = (message) => listener({ data: message } as MessageEvent);
        },
        close: () => {
          deliver = null;
        },
      }) satisfies TabChannel,
  );
}

afterEach(() => {
  stopSharing?.();
  stopSharing = null;
  fromOthers.length = 0;
});

const user = userInfoFixture();
const inAnHour = () => Date.now() + 3_600_000;

describe('one session for the tabs of a browser', () => {
  it("answers another tab's question with this tab's session", () => {
    startSession('tok-1', user);
    share();

    deliver!({ kind: 'ask' });

    expect(fromOthers).toEqual([{ kind: 'share', token: 'tok-1', user, expiresAt: sessionExpiresAt() }]);
  });

  it('a new tab without a session asks, adopts the answer and is signed in without a sign-in', async () => {
    share();
    const asked = askOtherTabs(1000);
    expect(fromOthers).toEqual([{ kind: 'ask' }]);

    const expiresAt = inAnHour();
    deliver!({ kind: 'share', token: 'tok-2', user, expiresAt });

    await expect(asked).resolves.toBe(true);
    expect(getSession()).toEqual({ token: 'tok-2', user });
    expect(sessionExpiresAt()).toBe(expiresAt);
    // Adopting is not announced back as a new sign-in.
    expect(fromOthers).toHaveLength(1);
  });

  it('gives up after the wait when no tab is signed in (the visit then goes to /login)', async () => {
    share();
    await expect(askOtherTabs(20)).resolves.toBe(false);
    expect(getSession()).toBeNull();
  });

  it('keeps its own session when another tab signs in as someone else, and ignores a run-out one', () => {
    share();
    deliver!({ kind: 'share', token: 'old', user, expiresAt: Date.now() - 1 });
    expect(getSession()).toBeNull();

    startSession('mine', user);
    deliver!({
      kind: 'share',
      token: 'theirs',
      user: userInfoFixture({ id: 'suzuki' }),
      expiresAt: inAnHour(),
    });
    expect(getSession()?.token).toBe('mine');
  });

  it('tells the tabs waiting on /login of a sign-in here, and lets the login page enter when one arrives', () => {
    share();
    startSession('tok-3', user);
    expect(fromOthers).toEqual([{ kind: 'share', token: 'tok-3', user, expiresAt: sessionExpiresAt() }]);

    endSession();
    fromOthers.length = 0;
    let entered = 0;
    const stop = onSessionAdopted(() => entered++);
    deliver!({ kind: 'share', token: 'tok-4', user, expiresAt: inAnHour() });
    stop();
    expect(entered).toBe(1);
  });

  it('ends the session in every tab sharing it, with the reason, and not a different one', () => {
    startSession('shared', user);
    share();

    deliver!({ kind: 'ended', token: 'another', reason: null });
    expect(getSession()?.token).toBe('shared');

    deliver!({ kind: 'ended', token: 'shared', reason: '管理者がログアウトさせました。' });
    expect(getSession()).toBeNull();
    expect(signedOutReason()).toBe('管理者がログアウトさせました。');
    // Ending because another tab said so is not announced again.
    expect(fromOthers).toEqual([]);
  });

  it('tells the other tabs when the session ends here', () => {
    startSession('shared', user);
    share();

    endSession();

    expect(fromOthers).toEqual([{ kind: 'ended', token: 'shared', reason: null }]);
  });
});

import { messages } from '@tsunagu/contract/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeReturnUrl } from '../shared/session/return-url';
import { endSession, getSession, startSession } from '../shared/session/session-store';
import { userInfoFixture } from '../test/fixtures';
import { envelope, mockApi } from '../test/mock-api';
import { leaveForLoginWhenSessionEnds, routeVisitBySession } from './require-session';

const HOUR = 3600_000;

/** A JWT-shaped token (unsigned: the browser never checks signatures) issued at `iat` for `hours`. */
function tokenIssuedAt(iatMs: number, hours: number): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  const iat = Math.floor(iatMs / 1000);
  return `${part({ alg: 'HS256' })}.${part({ sub: 'yamada', sid: 's', iat, exp: iat + hours * 3600 })}.sig`;
}

const visit = (url: string) => window.history.replaceState(null, '', url);

afterEach(() => {
  vi.useRealTimers();
});

describe('routeVisitBySession (before the router starts)', () => {
  it('moves a visit without a session to /login at once, remembering the whole URL', () => {
    const requests = mockApi({});
    visit('/pbx/extension?page=2#top');
    routeVisitBySession();
    expect(window.location.pathname).toBe('/login');
    expect(takeReturnUrl('yamada')).toBe('/pbx/extension?page=2#top');
    expect(requests).toHaveLength(0);
  });

  it('ends a session whose time has run out and moves the visit to /login', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T09:00:00+09:00'));
    startSession(tokenIssuedAt(Date.now(), 12), userInfoFixture());
    vi.setSystemTime(new Date('2026-11-20T21:00:01+09:00'));
    const requests = mockApi({});
    visit('/pbx/ivr');
    routeVisitBySession();
    expect(window.location.pathname).toBe('/login');
    expect(getSession()).toBeNull();
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(takeReturnUrl('yamada')).toBe('/pbx/ivr');
    expect(requests).toHaveLength(0);
  });

  it("counts the token's lifetime from the sign-in, so a clock set a day wrong keeps the session", () => {
    // The server issued the token a day "before" this browser's clock says it is.
    startSession(tokenIssuedAt(Date.now() - 24 * HOUR, 12), userInfoFixture());
    const requests = mockApi({
      'GET /api/v1/user/info/yamada': () => envelope(200, '', userInfoFixture()),
    });
    visit('/pbx/ivr');
    routeVisitBySession();
    expect(window.location.pathname).toBe('/pbx/ivr');
    expect(getSession()).not.toBeNull();
    expect(requests.map((r) => r.path)).toEqual(['/api/v1/user/info/yamada']);
  });

  it('checks a stored session with the server at once: a revoked one ends, remembering the page', async () => {
    const token = tokenIssuedAt(Date.now(), 12);
    startSession(token, userInfoFixture());
    const requests = mockApi({
      'GET /api/v1/user/info/yamada': () => envelope(401, messages.sessionExpired),
    });
    visit('/pbx/ivr');
    routeVisitBySession();
    expect(requests[0]?.headers.get('Authorization')).toBe(`Bearer ${token}`);
    await vi.waitFor(() => expect(getSession()).toBeNull());
    expect(takeReturnUrl('yamada')).toBe('/pbx/ivr');
  });

  it('keeps the page visited after a sign-out for the user who signed out, not for the next one', () => {
    mockApi({});
    startSession(tokenIssuedAt(Date.now(), 12), userInfoFixture());
    endSession();
    // Back after signing out: the customer page of the previous user.
    visit('/cust/management/09012345678');
    routeVisitBySession();
    expect(window.location.pathname).toBe('/login');
    expect(takeReturnUrl('suzuki')).toBeNull();

    visit('/cust/management/09012345678');
    routeVisitBySession();
    expect(takeReturnUrl('yamada')).toBe('/cust/management/09012345678');
  });

  it('leaves the login page alone', () => {
    const requests = mockApi({});
    visit('/login');
    routeVisitBySession();
    expect(window.location.pathname).toBe('/login');
    expect(takeReturnUrl('yamada')).toBeNull();
    expect(requests).toHaveLength(0);
  });
});

describe('leaveForLoginWhenSessionEnds', () => {
  function fakeRouter(pathname: string) {
    return { state: { location: { pathname } }, navigate: vi.fn(async () => undefined) };
  }

  it('navigates to /login the moment the session ends, whatever is loading', () => {
    startSession('tok', userInfoFixture());
    const router = fakeRouter('/pbx/extension');
    const stop = leaveForLoginWhenSessionEnds(router);
    startSession('tok2', userInfoFixture());
    expect(router.navigate).not.toHaveBeenCalled();
    // What a 401, a logout or a forced sign-out does.
    endSession();
    expect(router.navigate).toHaveBeenCalledWith('/login', { replace: true });
    stop();
  });

  it('does nothing when the session ends on the login page itself (a failed sign-in)', () => {
    startSession('tok', userInfoFixture());
    const router = fakeRouter('/login');
    const stop = leaveForLoginWhenSessionEnds(router);
    endSession();
    expect(router.navigate).not.toHaveBeenCalled();
    stop();
  });
});

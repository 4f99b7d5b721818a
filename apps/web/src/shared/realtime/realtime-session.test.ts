import { topics } from '@tsunagu/contract/realtime';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenFor, userInfoFixture } from '../../test/fixtures';
import { envelope, mockApi } from '../../test/mock-api';
import { endSession, getSession, startSession, signedOutReason } from '../session/session-store';
import { fakeStomp } from './fake-stomp';
import { liveTopics } from './live-topics';
import { connectRealtime, subscribeTopic } from './realtime-session';

const info = userInfoFixture();
const { userUuid, domainUuid } = info.user;
const until = (assertion: () => void) => vi.waitFor(assertion, { timeout: 3_000, interval: 10 });

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
});

describe('the session real-time connection', () => {
  it('opens one socket per session with the user id as login and the token as passcode', async () => {
    startSession('tok-1', info);
    stop = connectRealtime();
    await until(() => expect(fakeStomp.open()).toHaveLength(1));
    expect(fakeStomp.open()[0]?.connectHeaders).toMatchObject({ login: userUuid, passcode: 'tok-1' });
    // The forced-logout topic is always listened to (subscribed once the CONNECT is answered).
    await until(() => expect(fakeStomp.isSubscribed(topics.force(userUuid))).toBe(true));
  });

  it('delivers parsed messages to a subscription made before sign-in, until unsubscribed', async () => {
    stop = connectRealtime();
    const lists: unknown[] = [];
    const unsubscribe = subscribeTopic(liveTopics.loginUser(domainUuid), (list) => lists.push(list));
    expect(fakeStomp.connections).toHaveLength(0);

    startSession('tok-1', info);
    await until(() => expect(fakeStomp.isSubscribed(topics.loginUser(domainUuid))).toBe(true));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeStomp.publish(topics.loginUser(domainUuid), 'not json');
    fakeStomp.publish(topics.loginUser(domainUuid), JSON.stringify([{ userUuid, loginCnt: 2 }]));
    await until(() => expect(lists).toEqual([[{ userUuid, loginCnt: 2 }]]));
    expect(logged).toHaveBeenCalledWith(
      'unreadable real-time message',
      topics.loginUser(domainUuid),
      expect.any(SyntaxError),
    );
    logged.mockRestore();

    unsubscribe();
    await until(() => expect(fakeStomp.isSubscribed(topics.loginUser(domainUuid))).toBe(false));
  });

  it('deactivates the socket at logout and opens a new one for the next session', async () => {
    startSession('tok-1', info);
    stop = connectRealtime();
    const received: number[] = [];
    subscribeTopic(liveTopics.recall(domainUuid), (count) => received.push(count));
    await until(() => expect(fakeStomp.isSubscribed(topics.recall(domainUuid))).toBe(true));

    endSession();
    await until(() => expect(fakeStomp.open()).toHaveLength(0));

    startSession('tok-2', info);
    await until(() => expect(fakeStomp.isSubscribed(topics.recall(domainUuid))).toBe(true));
    expect(fakeStomp.open()).toHaveLength(1);
    expect(fakeStomp.open()[0]?.connectHeaders?.passcode).toBe('tok-2');
    fakeStomp.publish(topics.recall(domainUuid), '4');
    await until(() => expect(received).toEqual([4]));
  });

  it('logs the user out on a forced-logout message', async () => {
    startSession('tok-1', info);
    stop = connectRealtime();
    await until(() => expect(fakeStomp.isSubscribed(topics.force(userUuid))).toBe(true));

    fakeStomp.publish(topics.force(userUuid), JSON.stringify({ by: '管理 太郎' }));

    await until(() => expect(getSession()).toBeNull());
    expect(sessionStorage.getItem('token')).toBeNull();
    // The login page will say who ended the session.
    expect(signedOutReason()).toBe('管理者（管理 太郎）によって強制ログアウトされました。');
    await until(() => expect(fakeStomp.open()).toHaveLength(0));
  });

  it('after a refused CONNECT asks the API, whose 401 ends the session and the socket', async () => {
    const requests = mockApi({
      [`GET /api/v1/user/loginUsers/${domainUuid}`]: () => envelope(401, 'ログインしてください。'),
    });
    fakeStomp.refuseWith = 'ログインしてください。';
    startSession(tokenFor('yamada'), info);
    stop = connectRealtime();

    await until(() => expect(getSession()).toBeNull());
    expect(requests[0]?.headers.get('Authorization')).toBe(`Bearer ${tokenFor('yamada')}`);
    const attempts = fakeStomp.connections.length;
    await new Promise((wait) => setTimeout(wait, 700));
    expect(fakeStomp.connections.length).toBeLessThanOrEqual(attempts + 1);
  });

  it('stops following the session when the shell closes', async () => {
    startSession('tok-1', info);
    stop = connectRealtime();
    await until(() => expect(fakeStomp.open()).toHaveLength(1));
    stop();
    stop = undefined;
    await until(() => expect(fakeStomp.open()).toHaveLength(0));
    startSession('tok-2', info);
    await new Promise((wait) => setTimeout(wait, 50));
    expect(fakeStomp.connections).toHaveLength(1);
  });
});

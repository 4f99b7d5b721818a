import { topics } from '@tsunagu/contract/realtime';
import { render, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeStomp } from '../../shared/realtime/fake-stomp';
import { getSession, startSession } from '../../shared/session/session-store';
import { envelope, mockApi } from '../../test/mock-api';
import { panelUserInfo } from '../../test/panel-fixtures';
import { Providers } from '../providers';
import { ShellLayout } from './shell-layout';

const info = panelUserInfo();
const { userUuid, domainUuid } = info.user;

/** The real shell (header, live updates, side panel) at /dashboard, with /login beside it. */
function openShell({ recall = 0, unread = 0 } = {}) {
  const requests = mockApi({
    'GET /api/health': () => envelope(200, '', { status: 'ok', telephony: 'sandbox', demo: false }),
    [`GET /api/v1/cdr/recall/${domainUuid}`]: () => envelope(200, '', { count: recall }),
    [`GET /api/v1/chat/${userUuid}`]: () => envelope(200, '', { list: [], unread }),
    'POST /api/v1/chat/read': () => envelope(200, ''),
    [`GET /api/v1/user/loginUsers/${domainUuid}`]: () => envelope(200, '', []),
    [`GET /api/v1/call/callState/${domainUuid}`]: () => envelope(200, '', []),
  });
  startSession('tok-1', info);
  const router = createMemoryRouter(
    [
      { path: '/login', element: <p>ログイン画面</p> },
      { path: '*', element: <ShellLayout /> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, requests };
}

// Role queries over the whole shell are slow in jsdom: the badges are looked for in the header.
const header = () => within(document.querySelector('header') as HTMLElement);
const subscribed = (destination: string) =>
  waitFor(() => expect(fakeStomp.isSubscribed(destination)).toBe(true));

describe('live updates of the shell', () => {
  it('opens the socket with the session and shows the recall count, then follows /topic/recall', async () => {
    const { router } = openShell({ recall: 2 });
    await waitFor(() => header().getByRole('button', { name: 'リコール 2' }));
    expect(fakeStomp.open()[0]?.connectHeaders).toMatchObject({ login: userUuid, passcode: 'tok-1' });

    await subscribed(topics.recall(domainUuid));
    fakeStomp.publish(topics.recall(domainUuid), '5');
    await waitFor(() => header().getByRole('button', { name: 'リコール 5' }));

    await userEvent.setup().click(header().getByRole('button', { name: 'リコール 5' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cust/management/recall'));

    fakeStomp.publish(topics.recall(domainUuid), '0');
    await waitFor(() => expect(header().queryByRole('button', { name: /リコール/ })).toBeNull());
  });

  it('reads the recall count once; after a reconnect the subscription brings it, not another request', async () => {
    let count = 1;
    fakeStomp.firstMessages.set(topics.recall(domainUuid), () => String(count));
    const { requests } = openShell({ recall: 1 });
    await waitFor(() => header().getByRole('button', { name: 'リコール 1' }));
    await subscribed(topics.recall(domainUuid));

    // Missed while the socket was down: the count the server sends the new subscription.
    count = 3;
    fakeStomp.drop(fakeStomp.open()[0]!);
    await waitFor(() => header().getByRole('button', { name: 'リコール 3' }));
    expect(requests.filter((r) => r.path === `/api/v1/cdr/recall/${domainUuid}`)).toHaveLength(1);
  });

  it('raises the chat badge from the unread count and each new message, and clears it on opening the chat', async () => {
    const { requests } = openShell({ unread: 1 });
    const badge = await waitFor(() => header().getByRole('button', { name: 'チャット 未読1件' }));
    expect(badge.closest('.ant-badge')?.textContent).toContain('1');

    await subscribed(topics.chat(userUuid));
    fakeStomp.publish(topics.chat(userUuid), 'c1');
    await waitFor(() =>
      expect(
        header().getByRole('button', { name: 'チャット 未読2件' }).closest('.ant-badge')?.textContent,
      ).toContain('2'),
    );

    await userEvent.setup().click(header().getByRole('button', { name: 'チャット 未読2件' }));
    expect(document.querySelector('[role=tab][aria-selected=true]')?.textContent).toBe('チャット');
    await waitFor(() => expect(header().queryByRole('button', { name: /^チャット/ })).toBeNull());
    await waitFor(() => expect(requests.some((r) => r.path === '/api/v1/chat/read')).toBe(true));
  });

  it('logs out and shows /login on a forced-logout message, closing the socket', async () => {
    const { router } = openShell();
    await subscribed(topics.force(userUuid));

    fakeStomp.publish(topics.force(userUuid), '');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getSession()).toBeNull();
    await waitFor(() => expect(fakeStomp.open()).toHaveLength(0));
  });
});

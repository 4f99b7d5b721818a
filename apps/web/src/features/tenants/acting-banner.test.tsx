import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { userInfoFixture } from '../../test/fixtures';
import { envelope, mockApi } from '../../test/mock-api';
import { renderScreen } from '../../shared/ui/testing/render-screen';
import { getSession } from '../../shared/session/session-store';
import { ActingBanner } from './acting-banner';

const ACTED = '44444444-4444-4444-8444-444444444444';
const HOME = '22222222-2222-4222-8222-222222222222';

function show(user = userInfoFixture({ userClass: 'SP', id: 'sp', domainUuid: ACTED })) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <ActingBanner /> },
      { path: '/system/admin', element: <ActingBanner /> },
    ],
    { initialEntries: ['/'] },
  );
  renderScreen(<RouterProvider router={router} />, user);
  return router;
}

describe('ActingBanner', { timeout: 60_000 }, () => {
  it('shows 「〇〇として操作中」 with the reason, and leaving returns to one’s own tenant', async () => {
    let acting = true;
    const requests = mockApi({
      'GET /api/v1/acting': () =>
        envelope(
          200,
          '',
          acting
            ? {
                domainUuid: ACTED,
                domainName: 'shop.tsunagu.jp',
                reason: '障害調査',
                until: new Date(Date.now() + 3_600_000).toISOString(),
              }
            : null,
        ),
      'DELETE /api/v1/acting': () => {
        acting = false;
        return envelope(200, '', null);
      },
      'GET /api/v1/user/info/sp': () =>
        envelope(200, '', userInfoFixture({ userClass: 'SP', id: 'sp', domainUuid: acting ? ACTED : HOME })),
    });
    const router = show();
    expect(await screen.findByText('shop.tsunagu.jpとして操作中')).toBeTruthy();
    expect(screen.getByText('理由: 障害調査')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '代理操作を終了' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/admin'));
    await waitFor(() => expect(screen.queryByText('shop.tsunagu.jpとして操作中')).toBeNull());
    expect(getSession()?.user.user.domainUuid).toBe(HOME);
    expect(requests.some((r) => r.method === 'DELETE' && r.path === '/api/v1/acting')).toBe(true);
  });

  it('asks nothing for a user who may not act inside tenants', async () => {
    const requests = mockApi({});
    show(userInfoFixture({ userClass: 'CP' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toEqual([]);
    expect(screen.queryByRole('status')).toBeNull();
  });
});

import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../shared/ui/testing/render-screen';
import { userInfoFixture } from '../../test/fixtures';
import { envelope, mockApi } from '../../test/mock-api';
import { HelpLink } from './app-header';

function show(helpUrl: string | null) {
  mockApi({
    'GET /api/health': () => envelope(200, '', { status: 'ok', telephony: 'sandbox', demo: true, helpUrl }),
  });
  const router = createMemoryRouter([{ path: '*', element: <HelpLink /> }]);
  renderScreen(<RouterProvider router={router} />, userInfoFixture());
}

describe('HELP in the header', () => {
  it("opens the console's own /help page when no HELP_URL is set", async () => {
    show(null);
    const link = await screen.findByRole('link', { name: /HELP/ });
    expect(link.getAttribute('href')).toBe('/help');
    expect(link.getAttribute('target')).toBeNull();
  });

  it('opens the operator’s site in a new tab when HELP_URL is set', async () => {
    show('https://support.example.jp/tsunagu');
    await screen.findByRole('link', { name: /HELP/ });
    const href = () => screen.getByRole('link', { name: /HELP/ }).getAttribute('href');
    await expect.poll(href).toBe('https://support.example.jp/tsunagu');
    expect(screen.getByRole('link', { name: /HELP/ }).getAttribute('target')).toBe('_blank');
  });
});

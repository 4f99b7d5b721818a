import { render } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '../app/providers';
import { NoticeBridge } from '../shared/ui/notice-bridge';

/**
 * Renders a piece of the app (a side-panel tab, the header, a screen, a dialog) with the app's providers, antd's App
 * context and a router, without the lazy route table. Returns the router to follow navigation.
 */
export function renderPanel(ui: ReactNode, url = '/dashboard') {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <AntApp component={false}>
            <NoticeBridge />
            {ui}
          </AntApp>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  const view = render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, ...view };
}

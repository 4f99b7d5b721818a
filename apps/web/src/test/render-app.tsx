import { render } from '@testing-library/react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Providers } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { appRoutes } from '../app/routes';

/** Renders the whole app at a URL, with the real route table and providers. */
export function renderApp(url: string) {
  window.history.replaceState(null, '', url);
  const client = createQueryClient();
  const router = createBrowserRouter(appRoutes(client));
  const view = render(
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, ...view };
}

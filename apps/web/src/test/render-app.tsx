import { render } from '@testing-library/react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Providers } from '../app/providers';
import { routes } from '../app/routes';

/** Renders the whole app at a URL, with the real route table and providers. */
export function renderApp(url: string) {
  window.history.replaceState(null, '', url);
  const router = createBrowserRouter(routes);
  const view = render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, ...view };
}

// react-router/dom's provider: a navigation may ask to be rendered at once (flushSync).
import { RouterProvider } from 'react-router/dom';
import { Providers } from './providers';
import { router } from './router';

/** The whole web app. */
export function App() {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}

// react-router/dom's provider: a navigation may ask to be rendered at once (flushSync).
import { RouterProvider } from 'react-router/dom';
import { Providers } from './providers';
import { queryClient, router } from './router';

/** The whole web app. */
export function App() {
  return (
    <Providers client={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}

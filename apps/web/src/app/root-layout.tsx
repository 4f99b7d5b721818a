import { Button, Flex, Spin } from 'antd';
import { useEffect } from 'react';
import { Outlet, useRouteError } from 'react-router';
import { ja } from '../shared/i18n/ja';
import { useRouteTitle } from './route-title';

/** The top route: keeps the document title in step with the route, then renders the page. */
export function RootLayout() {
  const title = useRouteTitle();
  useEffect(() => {
    document.title = title === ja.appName ? ja.appName : `${title} | ${ja.appName}`;
  }, [title]);
  return <Outlet />;
}

/** Shown while the first route's code loads. */
export function PageLoading() {
  return (
    <Flex align="center" justify="center" style={{ height: '100vh' }}>
      <Spin description={ja.screens.loading} />
    </Flex>
  );
}

/** Shown when a route cannot render, typically a screen's code that failed to download. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  return (
    <Flex vertical align="center" justify="center" gap={16} style={{ height: '100vh' }} role="alert">
      <p>{ja.screens.routeError}</p>
      <Button type="primary" onClick={() => window.location.reload()}>
        {ja.screens.reload}
      </Button>
    </Flex>
  );
}

import { can } from '@tsunagu/contract/permissions';
import { App as AntApp, Layout } from 'antd';
import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { ForcedPasswordChange } from '../../features/settings/forced-password-change';
import { useSession } from '../../shared/session/session-store';
import { NoticeBridge } from '../../shared/ui/notice-bridge';
import { paths } from '../../shared/paths';
import { shellPainted } from '../idle-warm';
import { RouteAccess } from '../screens/route-access';
import { AppHeader } from './app-header';
import { LiveUpdates } from './live-updates';
import { PhoneLayer } from './phone-layer';
import { SidePanel } from './side-panel';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { Sidebar } from './sidebar';
import { warmScreens } from './warm-screens';

/** The acting banner, only for those who may act inside a tenant (the provider): its own chunk. */
const ActingBanner = lazy(() =>
  import('../../features/tenants/acting-banner').then((m) => ({ default: m.ActingBanner })),
);

/** The protected shell: header, menu on the left, the page, and the side panel on the right. */
export function ShellLayout() {
  const session = useSession();
  // Work done ahead in idle time (idle-warm.tsx) waits for the shell's first frame on screen: a timer
  // set in the next animation frame runs after that frame is drawn.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(shellPainted, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  const signedIn = session?.user.user;
  useEffect(() => (signedIn ? warmScreens(signedIn) : undefined), [signedIn]);
  // The session can end while the shell is open (logout, or a 401 anywhere): leave for /login.
  if (!session) return <Navigate to={paths.login.href()} replace />;
  const { user, domain } = session.user;
  return (
    <AntApp component={false}>
      <NoticeBridge />
      <LiveUpdates userUuid={user.userUuid} domainUuid={user.domainUuid} />
      <PhoneLayer phoneType={user.phoneType} />
      <ForcedPasswordChange user={user} />
      <SkipLink />
      <Layout style={{ height: '100vh' }}>
        <AppHeader
          userNm={user.userNm}
          domainDescription={domain.domainDescription}
          hasExtension={user.extension !== null}
        />
        {can(user, 'tenant.manage') && (
          <Suspense fallback={null}>
            <ActingBanner />
          </Suspense>
        )}
        <Layout>
          <Sidebar user={user} />
          <Layout.Content
            id={MAIN_CONTENT_ID}
            tabIndex={-1}
            // The right padding keeps content clear of the side panel's fold button, which stands over this edge.
            style={{ padding: '16px 56px 16px 16px', overflow: 'auto', outline: 'none' }}
          >
            <RouteAccess user={user}>
              <Outlet />
            </RouteAccess>
          </Layout.Content>
          <SidePanel phoneType={user.phoneType} />
        </Layout>
      </Layout>
    </AntApp>
  );
}

import type { MenuSubject } from '@tsunagu/contract/permissions';
import { Result } from 'antd';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ja } from '../../shared/i18n/ja';
import { mayOpen } from './may-open';

/**
 * Renders the page only when the user's menu shows it (spec 6); a hidden screen says the user may
 * not see it. The server refuses that screen's API anyway; this keeps the UI honest about it.
 */
export function RouteAccess({ user, children }: { user: MenuSubject; children: ReactNode }) {
  const { pathname } = useLocation();
  if (!mayOpen(user, pathname)) {
    return <Result status="warning" title={ja.screens.forbidden} />;
  }
  return children;
}

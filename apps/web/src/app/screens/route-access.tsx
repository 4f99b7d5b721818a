import { variantForPath } from '@tsunagu/contract/menu';
import { can, capabilityOfVariant, type MenuSubject } from '@tsunagu/contract/permissions';
import { Result } from 'antd';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ja } from '../../shared/i18n/ja';

/**
 * Renders the page only when the user's menu shows it (spec 6); a hidden screen says the user may
 * not see it. The server refuses that screen's API anyway; this keeps the UI honest about it.
 */
export function RouteAccess({ user, children }: { user: MenuSubject; children: ReactNode }) {
  const { pathname } = useLocation();
  const variant = variantForPath(pathname);
  const capability = variant === undefined ? undefined : capabilityOfVariant(variant);
  if (capability && !can(user, capability)) {
    return <Result status="warning" title={ja.screens.forbidden} />;
  }
  return children;
}

import { variantForPath } from '@tsunagu/contract/menu';
import { can, capabilityOfVariant, type MenuSubject } from '@tsunagu/contract/permissions';

/** Whether the user's menu shows the screen at this path (spec 6); paths outside the menu are open. */
export function mayOpen(user: MenuSubject, pathname: string): boolean {
  const variant = variantForPath(pathname);
  const capability = variant === undefined ? undefined : capabilityOfVariant(variant);
  return !capability || can(user, capability);
}

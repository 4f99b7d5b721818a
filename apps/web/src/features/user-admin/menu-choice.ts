import { staffMenu, staffMenuShowing } from '@tsunagu/contract/admin/users';
import { walk, type MenuItem } from '@tsunagu/contract/menu';
import { visibleVariants } from '@tsunagu/contract/permissions';

/** A staff user's menu as the dialog's checkbox tree edits it: the leaves shown. */

/** Every item with its ancestors' variants. */
function ancestry(): Map<number, number[]> {
  const parents = new Map<number, number[]>();
  walk(staffMenu(), (item, parent) => {
    parents.set(item.variant, parent ? [...(parents.get(parent.variant) ?? []), parent.variant] : []);
  });
  return parents;
}

const leaves = (): MenuItem[] => {
  const found: MenuItem[] = [];
  walk(staffMenu(), (item) => {
    if (!item.children) found.push(item);
  });
  return found;
};

/** Every leaf a staff user's menu may show. */
export function allStaffLeaves(): number[] {
  return leaves().map((item) => item.variant);
}

/** The leaves a staff user with this stored menu really sees (a hidden parent hides its children). */
export function shownLeaves(menu: string): number[] {
  const visible = visibleVariants({ userClass: 'USER', menu });
  return leaves()
    .map((item) => item.variant)
    .filter((variant) => visible.has(variant));
}

/** The stored menu (spec 6) that shows these leaves, and the headings and parents above them. */
export function menuShowingLeaves(shown: readonly number[]): string {
  const parents = ancestry();
  const all = new Set<number>();
  for (const variant of shown) {
    all.add(variant);
    for (const parent of parents.get(variant) ?? []) all.add(parent);
  }
  return staffMenuShowing([...all]);
}

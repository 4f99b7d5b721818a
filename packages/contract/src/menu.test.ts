import { describe, expect, it } from 'vitest';
import { menuConfig, MENU, variantForPath } from './menu';
import { canAccess, visibleMenu, visibleVariants } from './permissions';

const all = (() => {
  const out: number[] = [];
  const walk = (items: typeof MENU) =>
    items.forEach((i) => {
      out.push(i.variant);
      if (i.children) walk(i.children);
    });
  walk(MENU);
  return out;
})();

describe('menu visibility (spec 6)', () => {
  it('SP sees every item, including Admin', () => {
    expect([...visibleVariants({ userClass: 'SP', menu: null })].sort()).toEqual([...all].sort());
    expect(visibleMenu({ userClass: 'SP', menu: null }).map((i) => i.label)).toContain('管理者');
  });

  it('CP sees every item below 9000 and ignores the stored menu', () => {
    const v = visibleVariants({ userClass: 'CP', menu: menuConfig([8000]) });
    expect([...v].sort()).toEqual(all.filter((x) => x < 9000).sort());
    expect(canAccess({ userClass: 'CP', menu: '' }, 9110)).toBe(false);
  });

  it('other users see what their stored menu does not hide, below 9000', () => {
    const staff = { userClass: 'USER', menu: menuConfig([3000, 8000, 4000]) };
    expect(canAccess(staff, 1000)).toBe(true);
    expect(canAccess(staff, 2100)).toBe(true);
    // A hidden parent hides its children, even when their own flag says visible.
    expect(canAccess(staff, 8000)).toBe(false);
    expect(canAccess(staff, 8120)).toBe(false);
    expect(canAccess(staff, 3100)).toBe(false);
    expect(canAccess(staff, 4200)).toBe(false);
    expect(visibleMenu(staff).map((i) => i.label)).toEqual(['TOP', '顧客']);
  });

  it('hides a single child while keeping its siblings', () => {
    const staff = { userClass: 'USER', menu: menuConfig([8120, 2300]) };
    expect(canAccess(staff, 8110)).toBe(true);
    expect(canAccess(staff, 8120)).toBe(false);
    const pbx = visibleMenu(staff).find((i) => i.variant === 8000);
    expect(pbx?.children?.map((c) => c.variant)).toEqual([8110, 8130, 8140, 8150, 8160, 8170]);
  });

  it('never shows Admin to other users, even if their stored menu lists it as visible', () => {
    const forged = JSON.stringify([
      {
        variant: 9000,
        attributes: { hidden: false },
        children: [{ variant: 9100, attributes: { hidden: false } }],
      },
    ]);
    expect(canAccess({ userClass: 'USER', menu: forged }, 9000)).toBe(false);
    expect(canAccess({ userClass: 'USER', menu: forged }, 9100)).toBe(false);
  });

  it('starts hidden: an item missing from the stored menu, or an unreadable menu, is hidden', () => {
    expect(visibleVariants({ userClass: 'USER', menu: '[]' }).size).toBe(0);
    expect(visibleVariants({ userClass: 'USER', menu: '{not json' }).size).toBe(0);
    expect(
      visibleVariants({
        userClass: 'USER',
        menu: JSON.stringify([{ variant: 0, attributes: { hidden: false } }]),
      }),
    ).toEqual(new Set([0]));
  });

  it('drops a heading whose items are all hidden', () => {
    const staff = { userClass: 'USER', menu: menuConfig([2100, 2200, 2300]) };
    expect(canAccess(staff, 2000)).toBe(true);
    expect(visibleMenu(staff).map((i) => i.variant)).not.toContain(2000);
  });

  it('maps a route to the variant of its longest matching menu path', () => {
    expect(variantForPath('/pbx/extension')).toBe(8120);
    expect(variantForPath('/pbx')).toBe(8000);
    expect(variantForPath('/system/user')).toBe(3100);
    expect(variantForPath('/system/admin')).toBe(9110);
    expect(variantForPath('/cust/management/0312345678')).toBe(2100);
    expect(variantForPath('/nowhere')).toBeUndefined();
  });
});

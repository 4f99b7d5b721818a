import { describe, expect, it } from 'vitest';
import { endpoints } from './api';
import { MENU, menuConfig, walk } from './menu';
import {
  can,
  CAPABILITIES,
  capabilityOfVariant,
  isProviderUser,
  isTenantAdmin,
  type Capability,
} from './permissions';

const sp = { userClass: 'SP', menu: null };
const cp = { userClass: 'CP', menu: menuConfig([8000]) };
const staff = (hidden: number[]) => ({ userClass: 'USER', menu: menuConfig(hidden) });

describe('capabilities (spec 6)', () => {
  it('names a capability for every menu item that has a screen', () => {
    walk(MENU, (item) => {
      if (item.path) expect(capabilityOfVariant(item.variant), item.label).toBeDefined();
    });
  });

  it('decides the class rules: extensions for administrators, numbers and tenants for the provider', () => {
    const rules: [Capability, boolean, boolean, boolean][] = [
      ['pbx.extension.create', true, true, false],
      ['pbx.extension.delete', true, true, false],
      ['pbx.destination.create', true, false, false],
      ['pbx.destination.delete', true, false, false],
      ['tenant.manage', true, false, false],
      ['user.forceLogout', true, true, false],
      ['sandbox.caller', true, true, false],
      ['audit.view', true, true, false],
    ];
    for (const [capability, bySp, byCp, byStaff] of rules) {
      expect([can(sp, capability), can(cp, capability), can(staff([]), capability)], capability).toEqual([
        bySp,
        byCp,
        byStaff,
      ]);
    }
  });

  it('follows a staff user’s stored menu, a hidden parent hiding its children', () => {
    expect(can(staff([]), 'pbx.extension.edit')).toBe(true);
    expect(can(staff([8120]), 'pbx.extension.edit')).toBe(false);
    expect(can(staff([8000]), 'pbx.ringGroup.edit')).toBe(false);
    expect(can(staff([2300]), 'customer.import')).toBe(false);
    expect(can(staff([2300]), 'customer.view')).toBe(true);
  });

  it('splits reading customers (2100, with call notes) from writing them (2300, the import)', () => {
    const reader = staff([2300]);
    expect(
      ['customer.view', 'customer.note', 'customer.edit', 'customer.import'].map((c) =>
        can(reader, c as Capability),
      ),
    ).toEqual([true, true, false, false]);
    const editor = staff([]);
    expect(can(editor, 'customer.edit')).toBe(true);
    expect(can(editor, 'customer.import')).toBe(true);
    expect(can(staff([2000]), 'customer.edit')).toBe(false);
    expect(can(cp, 'customer.edit')).toBe(true);
  });

  it('allows a shared endpoint while any screen that needs it is visible', () => {
    const onlyRecordings = staff([8110, 8120, 8130, 8140, 8150, 8160]);
    expect(can(onlyRecordings, 'pbx.recording.view')).toBe(true);
    expect(can(onlyRecordings, 'pbx.usage.view')).toBe(true);
    expect(can(onlyRecordings, 'pbx.callTargets.view')).toBe(false);
    expect(can(staff([4100, 4200]), 'analysis.view')).toBe(true);
    expect(can(staff([4000]), 'analysis.view')).toBe(false);
  });

  it('decides afresh when a user’s stored menu changes (the cache is keyed by the menu itself)', () => {
    expect(can(staff([]), 'pbx.ivr.edit')).toBe(true);
    expect(can(staff([8140]), 'pbx.ivr.edit')).toBe(false);
    expect(can(staff([]), 'pbx.ivr.edit')).toBe(true);
  });

  it('gives every endpoint a known capability or none', () => {
    for (const endpoint of Object.values(endpoints)) {
      const capability = 'capability' in endpoint ? endpoint.capability : undefined;
      if (capability !== undefined) expect(CAPABILITIES).toContain(capability);
    }
  });
});

describe('class predicates', () => {
  it('name the provider and the tenant administrator, and nobody else', () => {
    expect([isProviderUser({ userClass: 'SP' }), isTenantAdmin({ userClass: 'SP' })]).toEqual([true, false]);
    expect([isProviderUser({ userClass: 'CP' }), isTenantAdmin({ userClass: 'CP' })]).toEqual([false, true]);
    expect([isProviderUser({ userClass: 'USER' }), isTenantAdmin({ userClass: 'USER' })]).toEqual([
      false,
      false,
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { isStrongPassword } from '../auth';
import { canAccess } from '../permissions';
import {
  generatePassword,
  hiddenVariantsOf,
  isStoredMenu,
  loginIdSchema,
  managedUserSaveSchema,
  normalizeStaffMenu,
  staffMenu,
  userAdminMessages,
} from './users';
import { menuConfig, walk } from '../menu';

describe('login IDs', () => {
  it('take 2–64 letters, digits, . _ - @', () => {
    for (const ok of ['ab', 'yamada.taro', 'sato_j-2', 'user@example.jp', 'x'.repeat(64)]) {
      expect(loginIdSchema.safeParse(ok).success, ok).toBe(true);
    }
    for (const bad of ['a', 'x'.repeat(65), 'has space', '山田', 'semi;colon', 'slash/']) {
      const result = loginIdSchema.safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(userAdminMessages.loginIdFormat);
    }
  });
});

describe('generated passwords', () => {
  it('meet the spec’s password rule whatever the random bytes', () => {
    for (let seed = 0; seed < 256; seed++) {
      const password = generatePassword((n) =>
        Uint8Array.from({ length: n }, (_, i) => (seed * 31 + i * 7) % 256),
      );
      expect(isStrongPassword(password), password).toBe(true);
      expect(password).toHaveLength(14);
    }
  });
});

describe('staff menus', () => {
  it('offer only items below 9000 that are not the administrators’ own', () => {
    const variants: number[] = [];
    walk(staffMenu(), (item) => variants.push(item.variant));
    expect(variants).not.toContain(3100);
    expect(variants).not.toContain(3300);
    expect(variants.some((v) => v >= 9000)).toBe(false);
    expect(variants).toContain(8120);
  });

  it('are stored in the spec’s shape, hiding user management whatever the menu sent says', () => {
    const stored = normalizeStaffMenu(menuConfig([2100]));
    expect(isStoredMenu(stored)).toBe(true);
    expect(hiddenVariantsOf(stored)).toContain(2100);
    const parsed = JSON.parse(stored) as { variant: number; attributes: { hidden: boolean } }[];
    expect(parsed.find((item) => item.variant === 3000)).toBeTruthy();
    expect(canAccess({ userClass: 'USER', menu: menuConfig([]) }, 3100)).toBe(false);
    expect(canAccess({ userClass: 'USER', menu: stored }, 8120)).toBe(true);
    expect(canAccess({ userClass: 'USER', menu: stored }, 2100)).toBe(false);
  });

  it('refuse text that is not a stored menu', () => {
    for (const bad of ['{', '{}', '[1]', '[{"variant":"1000"}]']) expect(isStoredMenu(bad), bad).toBe(false);
    expect(isStoredMenu('[]')).toBe(true);
  });
});

describe('the save request', () => {
  const base = {
    domainUuid: '22222222-2222-4222-8222-222222222222',
    id: 'tanaka',
    userNm: '田中',
    userKana: 'たなか',
    email: '',
    userClass: 'USER',
    phoneType: 'verto',
    userPopup: true,
    extensionUuid: null,
    groups: [],
    enabled: true,
    menu: '[]',
    mustChangePassword: false,
  };
  it('needs a password or its generation to create, never a provider class', () => {
    expect(managedUserSaveSchema.safeParse(base).error?.issues[0]?.message).toBe(
      userAdminMessages.passwordMissing,
    );
    expect(managedUserSaveSchema.safeParse({ ...base, generatePassword: true }).success).toBe(true);
    expect(
      managedUserSaveSchema.safeParse({ ...base, userClass: 'SP', generatePassword: true }).error?.issues[0]
        ?.message,
    ).toBe(userAdminMessages.classForbidden);
    expect(
      managedUserSaveSchema.safeParse({ ...base, userKana: 'tanaka', generatePassword: true }).success,
    ).toBe(false);
  });
});

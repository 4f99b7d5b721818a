import { describe, expect, it } from 'vitest';
import {
  domainNameSchema,
  extensionRangeSchema,
  loginIdSchema,
  tenantCreateSchema,
  tenantEditSchema,
  tenantMessages,
} from './tenant-admin';

const issue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

const wizard = {
  domainName: 'shop.tsunagu.jp',
  domainDescription: '株式会社ショップ',
  quotas: { maxUsers: 5, maxExtensions: 3, maxRingGroups: 1, maxIvrMenus: 1, audioMb: 50 },
  admin: { username: 'owner', userNm: '店主' },
  lines: [],
  numbers: [],
};

describe('tenant rules', () => {
  it.each([
    ['shop.tsunagu.jp', true],
    ['a', true],
    ['shop-1.example', true],
    ['Shop.example', false],
    ['-shop.example', false],
    ['shop..example', false],
    ['shop_1.example', false],
    ['ショップ.jp', false],
  ])('domain name %s: %s', (name, ok) => {
    const result = domainNameSchema.safeParse(name);
    expect(result.success).toBe(ok);
    if (!ok) expect(issue(result)).toBe(tenantMessages.domainName);
  });

  it.each([
    ['ab', true],
    ['taro.yamada@example.jp', true],
    ['a', false],
    ['a'.repeat(65), false],
    ['山田', false],
    ['a b', false],
  ])('login ID %s: %s', (id, ok) => {
    expect(loginIdSchema.safeParse(id).success).toBe(ok);
  });

  it('takes a range of at most 1,000 extensions of one width, start ≦ end', () => {
    expect(extensionRangeSchema.safeParse({ from: '1001', to: '1003' }).success).toBe(true);
    expect(issue(extensionRangeSchema.safeParse({ from: '1003', to: '1001' }))).toBe(
      tenantMessages.extensionRange,
    );
    expect(extensionRangeSchema.safeParse({ from: '999', to: '1001' }).success).toBe(false);
    expect(extensionRangeSchema.safeParse({ from: '10000', to: '11000' }).success).toBe(false);
  });

  it('refuses a first range beyond the extension quota, and duplicate lines or numbers', () => {
    expect(
      tenantCreateSchema.safeParse({ ...wizard, extensions: { from: '1001', to: '1003' } }).success,
    ).toBe(true);
    expect(issue(tenantCreateSchema.safeParse({ ...wizard, extensions: { from: '1001', to: '1004' } }))).toBe(
      tenantMessages.rangeOverQuota,
    );
    const line = { name: '代表', number: '0312345678' };
    expect(issue(tenantEditSchema.safeParse({ ...wizard, lines: [line, line] }))).toBe(
      tenantMessages.lineDuplicate,
    );
    expect(issue(tenantEditSchema.safeParse({ ...wizard, numbers: [line, { ...line, name: '' }] }))).toBe(
      tenantMessages.incomingDuplicate,
    );
    expect(issue(tenantEditSchema.safeParse({ ...wizard, quotas: { ...wizard.quotas, audioMb: 0 } }))).toBe(
      tenantMessages.audioQuota,
    );
  });
});

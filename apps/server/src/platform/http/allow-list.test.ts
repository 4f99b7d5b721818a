import { describe, expect, it } from 'vitest';
import { createAllowList, isAddressOrCidr, splitAllowList } from './allow-list';

describe('allow-list', () => {
  it('reads addresses and CIDR blocks of both families', () => {
    expect(splitAllowList(' 10.0.0.5, 10.1.0.0/16 ,,fd00::/8 ')).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      'fd00::/8',
    ]);
    for (const good of ['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', '0.0.0.0/0'])
      expect(isAddressOrCidr(good), good).toBe(true);
    for (const bad of ['localhost', '10.0.0.0/33', '::1/129', '10.0.0', '10.0.0.1/x', ''])
      expect(isAddressOrCidr(bad), bad).toBe(false);
  });

  it('admits listed addresses only, IPv4-mapped IPv6 as IPv4', () => {
    const allowed = createAllowList(['127.0.0.1', '10.1.0.0/16', 'fd00::/8']);
    expect(['127.0.0.1', '::ffff:127.0.0.1', '10.1.255.254', 'fd12::1'].map(allowed)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['127.0.0.2', '10.2.0.1', '::1', 'fe80::1', undefined, 'garbage'].map(allowed)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('keeps deciding right after more addresses than it remembers have asked', () => {
    const allowed = createAllowList(['10.1.0.0/16']);
    for (let i = 0; i < 3_000; i++) {
      const address = `10.${i % 3}.${(i >> 8) & 255}.${i & 255}`;
      expect(allowed(address), address).toBe(address.startsWith('10.1.'));
      expect(allowed(address), `${address} again`).toBe(address.startsWith('10.1.'));
    }
  });
});

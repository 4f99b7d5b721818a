import { describe, expect, it } from 'vitest';
import { tokenLifetimeMs } from './token-expiry';

const part = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const token = (claims: unknown) => `${part({ alg: 'HS256' })}.${part(claims)}.signature`;

describe('tokenLifetimeMs', () => {
  it("reads a token's lifetime from its iat and exp claims", () => {
    expect(tokenLifetimeMs(token({ sub: 'yamada', iat: 1_000, exp: 1_000 + 12 * 3600 }))).toBe(
      12 * 3600 * 1000,
    );
  });

  it('reads base64url payloads (- and _ in place of + and /)', () => {
    const claims = { sub: '>>>?', note: '???>>>', iat: 10, exp: 70 };
    expect(part(claims)).toMatch(/[-_]/);
    expect(tokenLifetimeMs(token(claims))).toBe(60_000);
  });

  it('says nothing for a token that is not a JWT or lacks the claims', () => {
    for (const value of ['test-token', 'a.%%%.c', token({ sub: 'x' }), token({ iat: 5, exp: 5 })]) {
      expect(tokenLifetimeMs(value)).toBeNull();
    }
  });
});

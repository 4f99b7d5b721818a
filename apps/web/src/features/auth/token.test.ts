import { describe, expect, it } from 'vitest';
import { tokenFor } from '../../test/fixtures';
import { bearerToken, tokenSubject } from './token';

describe('token helpers', () => {
  it('reads the token from a Bearer header', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('bearer abc')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeNull();
    expect(bearerToken(null)).toBeNull();
  });

  it('decodes a base64url UTF-8 sub claim', () => {
    expect(tokenSubject(tokenFor('yamada'))).toBe('yamada');
    expect(tokenSubject(tokenFor('山田?>>'))).toBe('山田?>>');
  });

  it('returns null for a token without a readable sub', () => {
    expect(tokenSubject('not-a-jwt')).toBeNull();
    expect(tokenSubject('a.%%%.c')).toBeNull();
    expect(tokenSubject(`a.${btoa('{"iss":"x"}')}.c`)).toBeNull();
  });
});

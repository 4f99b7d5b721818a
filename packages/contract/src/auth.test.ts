import { describe, expect, it } from 'vitest';
import { isStrongPassword, loginRequestSchema, PASSWORD_MESSAGE, passwordSchema } from './auth';

describe('password rule (spec 5 "Personal settings")', () => {
  it.each([
    ['Abcdef1!', true],
    ['Staff#2026', true],
    ['a-B-3-c-D', true],
    ['Ab1!', false], // too short
    ['abcdefg1!', false], // no uppercase
    ['ABCDEFG1!', false], // no lowercase
    ['Abcdefgh!', false], // no digit
    ['Abcdefgh1', false], // no special
    ['Abcdefg1~', false], // '~' is not one of the listed specials
    ['Abcdefg1[', true],
    ['Abcdefg1?', true],
  ])('%s → %s', (password, expected) => {
    expect(isStrongPassword(password)).toBe(expected);
  });

  it('gives the Japanese message for a weak password', () => {
    const result = passwordSchema.safeParse('weak');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(PASSWORD_MESSAGE);
  });
});

describe('login request', () => {
  it('requires ID and password with Japanese messages', () => {
    const msg = (value: unknown) => loginRequestSchema.safeParse(value).error?.issues[0]?.message;
    expect(msg({ password: 'x' })).toBe('IDを入力してください。');
    expect(msg({ username: '  ', password: 'x' })).toBe('IDを入力してください。');
    expect(msg({ username: 'yamada', password: '' })).toBe('パスワードを入力してください。');
    expect(loginRequestSchema.parse({ username: ' yamada ', password: 'p' })).toEqual({
      username: 'yamada',
      password: 'p',
    });
  });
});

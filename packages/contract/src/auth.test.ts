import { describe, expect, it } from 'vitest';
import {
  isStrongPassword,
  loginRequestSchema,
  PASSWORD_MESSAGE,
  passwordSchema,
  userSaveRequestSchema,
} from './auth';

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

describe('user save request', () => {
  const userUuid = '6f1c2a8e-2b7c-4a39-9d7e-0c1a2b3c4d5e';
  it('asks for the current password with a new one, in Japanese', () => {
    const result = userSaveRequestSchema.safeParse({ userUuid, userCredentials: { password: 'Staff#2027' } });
    expect(result.error?.issues[0]).toMatchObject({
      message: '現在のパスワードを入力してください。',
      path: ['userCredentials', 'currentPassword'],
    });
    const complete = { userUuid, userCredentials: { password: 'Staff#2027', currentPassword: 'Staff#2026' } };
    expect(userSaveRequestSchema.safeParse(complete).success).toBe(true);
  });

  it('needs no current password when the password is not changed', () => {
    expect(
      userSaveRequestSchema.safeParse({ userUuid, userCredentials: { password: null }, popup: 'true' })
        .success,
    ).toBe(true);
    expect(
      userSaveRequestSchema.safeParse({ userUuid, userCredentials: null, phoneType: 'phone' }).success,
    ).toBe(true);
  });
});

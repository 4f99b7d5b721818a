import { describe, expect, it } from 'vitest';
import { twoStepRequired } from './permissions';
import { isAppCode, twoStepCodeSchema, twoStepDisableRequestSchema, twoStepMessages } from './two-step';

describe('the code as typed', () => {
  it('accepts six digits or a ten-character recovery code, spaces and hyphens ignored', () => {
    expect(twoStepCodeSchema.parse(' 123 456 ')).toBe('123456');
    expect(twoStepCodeSchema.parse('abcde-fghjk')).toBe('abcdefghjk');
    expect(isAppCode('123456')).toBe(true);
    expect(isAppCode('abcdefghjk')).toBe(false);
  });

  it('refuses anything else with the Japanese message', () => {
    expect(twoStepCodeSchema.safeParse('').error?.issues[0]?.message).toBe(twoStepMessages.codeRequired);
    expect(twoStepCodeSchema.safeParse('12345').error?.issues[0]?.message).toBe(twoStepMessages.codeFormat);
    expect(twoStepCodeSchema.safeParse('1234567').error?.issues[0]?.message).toBe(twoStepMessages.codeFormat);
  });

  it('turning it off needs a code or the password', () => {
    expect(twoStepDisableRequestSchema.safeParse({}).error?.issues[0]?.message).toBe(
      twoStepMessages.proofRequired,
    );
    expect(twoStepDisableRequestSchema.safeParse({ password: 'x' }).success).toBe(true);
  });
});

describe('twoStepRequired', () => {
  it('always for provider users, for tenant administrators when their tenant asks, never for staff', () => {
    expect(twoStepRequired({ userClass: 'SP' }, false)).toBe(true);
    expect(twoStepRequired({ userClass: 'CP' }, false)).toBe(false);
    expect(twoStepRequired({ userClass: 'CP' }, true)).toBe(true);
    expect(twoStepRequired({ userClass: 'USER' }, true)).toBe(false);
  });
});

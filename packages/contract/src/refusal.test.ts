import { describe, expect, it } from 'vitest';
import { reasons } from './reasons';
import { invalidInput, Refusal, refusalReasons } from './refusal';
import { tenantMessages } from './tenant-admin';

describe('refusal reasons', () => {
  it('gives every code a Japanese text (but the spec’s raw sesion-max)', () => {
    for (const [code, text] of Object.entries(refusalReasons)) {
      if (code === 'sessionMax') expect(text).toBe('sesion-max');
      else expect(text, code).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    }
  });

  it('holds the core table and names the areas’ texts without rewording them', () => {
    for (const [code, text] of Object.entries(reasons))
      expect(refusalReasons[code as keyof typeof reasons]).toBe(text);
    expect(refusalReasons.tenantLoginIdTaken).toBe(tenantMessages.loginIdTaken);
  });

  it("answers a refusal with its code's text, or with the contract's own wording of the finding", () => {
    expect(new Refusal('not-found', 'callNotFound')).toMatchObject({
      failure: 'not-found',
      code: 'callNotFound',
      message: '通話が見つかりません。',
    });
    const inUse = new Refusal('conflict', 'inUse', { text: '使用中: IVR 5000 の 1 番' });
    expect(inUse.message).toBe('使用中: IVR 5000 の 1 番');
    const quota = tenantMessages.quotaReached('ユーザー数', 10);
    expect(new Refusal('conflict', 'tenantQuotaReached', { text: quota })).toMatchObject({
      code: 'tenantQuotaReached',
      message: quota,
    });
    expect(invalidInput('内線番号が正しくありません。')).toMatchObject({
      failure: 'invalid',
      code: 'inputInvalid',
      message: '内線番号が正しくありません。',
    });
    expect(invalidInput(undefined).message).toBe(reasons.inputInvalid);
  });
});

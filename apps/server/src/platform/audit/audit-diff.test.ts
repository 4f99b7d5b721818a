import { describe, expect, it } from 'vitest';
import { auditChanges, withoutSecrets } from './audit-diff';

describe('auditChanges', () => {
  it('keeps only the fields that changed, with both values', () => {
    expect(
      auditChanges(
        { name: '営業', members: ['1001', '1002'], enabled: true, memo: null },
        { name: '営業部', members: ['1001', '1002'], enabled: true, memo: '' },
      ),
    ).toEqual({ name: { before: '営業', after: '営業部' }, memo: { before: null, after: '' } });
  });

  it('compares lists in order and objects whatever their key order', () => {
    expect(auditChanges({ members: ['1001', '1002'] }, { members: ['1002', '1001'] })).toEqual({
      members: { before: ['1001', '1002'], after: ['1002', '1001'] },
    });
    expect(auditChanges({ rule: { a: 1, b: 2 } }, { rule: { b: 2, a: 1 } })).toEqual({});
  });

  it('records a field present on one side only (a create, a delete) against null', () => {
    expect(auditChanges(null, { name: 'x' })).toEqual({ name: { before: null, after: 'x' } });
    expect(auditChanges({ name: 'x' }, undefined)).toEqual({ name: { before: 'x', after: null } });
  });

  it('says a secret changed without ever recording its value', () => {
    const changes = auditChanges(
      { passwordEnc: 'v1:old', password: 'Old#2026', userNm: 'a' },
      { passwordEnc: 'v1:new', password: 'New#2026', userNm: 'a' },
    );
    expect(changes).toEqual({
      passwordEnc: { before: '***', after: '***' },
      password: { before: '***', after: '***' },
    });
    expect(JSON.stringify(changes)).not.toMatch(/Old#2026|New#2026|v1:/);
    expect(auditChanges({ secret: 'a' }, { secret: 'a' })).toEqual({});
  });
});

describe('withoutSecrets', () => {
  it('scrubs secret fields at any depth, keeping a flag that only says one changed', () => {
    expect(
      withoutSecrets({
        password: true,
        newPassword: 'Abc#12345',
        nested: { totpSecret: 'JBSW', name: 'x' },
        list: [{ token: 't', id: 1 }],
      }),
    ).toEqual({
      password: true,
      newPassword: '***',
      nested: { totpSecret: '***', name: 'x' },
      list: [{ token: '***', id: 1 }],
    });
  });
});

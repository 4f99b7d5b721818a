import type { AuditEntry } from '@tsunagu/contract/audit';
import { describe, expect, it } from 'vitest';
import { detailText } from './audit-page';

const entry = (detail: AuditEntry['detail']): AuditEntry => ({
  auditId: 1,
  createdAt: '2026-11-26T10:00:00.000Z',
  domainUuid: null,
  domainName: '',
  username: 'admin',
  action: 'login.failure',
  target: '',
  targetLabel: '',
  detail,
  ip: '127.0.0.1',
});

describe('the 内容 column', () => {
  it('names recorded fields and values in Japanese, lists joined', () => {
    expect(detailText(entry({ reason: 'credentials' }))).toBe('理由: IDまたはパスワードの誤り');
    expect(detailText(entry({ members: ['1001', '1002'], password: true }))).toBe(
      'メンバー: 1001、1002 / パスワード変更: はい',
    );
    expect(detailText(entry(null))).toBe('');
  });

  it('shows an edit as each changed field before → after, a secret as ***', () => {
    expect(
      detailText(
        entry({
          changes: {
            outboundCallerIdNumber: { before: '0312345678', after: '0398765432' },
            forwardAllDestination: { before: '', after: '1002' },
            enabled: { before: 'true', after: 'false' },
            password: { before: '***', after: '***' },
          },
        }),
      ),
    ).toBe(
      '発信者番号: 0312345678 → 0398765432 / 転送先: （なし） → 1002 / 有効: はい → いいえ / パスワード変更: *** → ***',
    );
    expect(detailText(entry({ by: 'password', changes: {} }))).toBe('確認方法: パスワード / 変更なし');
  });
});

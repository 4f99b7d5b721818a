import { userImportMessages, type UserImportResult } from '@tsunagu/contract/admin/user-import';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { userInfoFixture } from '../../test/fixtures';
import { envelope, mockApi } from '../../test/mock-api';
import { alertMessage, renderScreen } from '../../shared/ui/testing/render-screen';
import { ImportDialog } from './import-dialog';

const DOMAIN = '22222222-2222-4222-8222-222222222222';
const csv = (text: string, name = 'users.csv') => new File([text], name, { type: 'text/csv' });

function open() {
  const onDone = vi.fn();
  renderScreen(
    <ImportDialog domainUuid={DOMAIN} onDone={onDone} onClose={() => undefined} />,
    userInfoFixture({ userClass: 'CP' }),
  );
  return onDone;
}

describe('ImportDialog', { timeout: 60_000 }, () => {
  it('refuses a file without an ID column before asking the server', async () => {
    const requests = mockApi({});
    open();
    await userEvent.upload(screen.getByLabelText('ファイルを選択'), csv('名前\n山田\n'));
    expect(await alertMessage()).toBe(userImportMessages.noIdColumn);
    expect(requests).toHaveLength(0);
  });

  it('previews the rows with the server’s per-row errors and allows no import while any remain', async () => {
    const preview: UserImportResult = {
      rows: [
        { line: 2, id: 'yamada', userNm: '山田', error: null, password: null },
        { line: 3, id: 'x', userNm: '短い', error: 'ログインIDは…', password: null },
      ],
      created: 0,
    };
    const requests = mockApi({ [`POST /api/v1/user/import/${DOMAIN}`]: () => envelope(200, '', preview) });
    open();
    await userEvent.upload(
      screen.getByLabelText('ファイルを選択'),
      csv('ID,名前\r\nyamada,山田\r\nx,短い\r\n'),
    );
    await screen.findByText('users.csv（2行）');
    await userEvent.click(screen.getByRole('button', { name: '確認' }));
    await screen.findByText('ログインIDは…');
    expect(screen.getByText('取り込める行: 1件、エラー: 1件')).toBeTruthy();
    expect((screen.getByRole('button', { name: '取り込む' }) as HTMLButtonElement).disabled).toBe(true);
    expect(requests[0]?.body).toEqual({
      rows: [
        { id: 'yamada', userNm: '山田' },
        { id: 'x', userNm: '短い' },
      ],
      commit: false,
      mustChangePassword: true,
    });
  });

  it('imports a clean file and shows the generated passwords once', async () => {
    const rows = [{ line: 2, id: 'yamada', userNm: '山田', error: null, password: null }];
    mockApi({
      [`POST /api/v1/user/import/${DOMAIN}`]: (request) =>
        (request.body as { commit: boolean }).commit
          ? envelope(200, '', { rows: [{ ...rows[0], password: 'Gen#Pass12345' }], created: 1 })
          : envelope(200, '', { rows, created: 0 }),
    });
    const onDone = open();
    await userEvent.upload(screen.getByLabelText('ファイルを選択'), csv('ID,名前\nyamada,山田\n'));
    await userEvent.click(await screen.findByRole('button', { name: '確認' }));
    await screen.findByText('取り込める行: 1件、エラー: 0件');
    await userEvent.click(screen.getByRole('button', { name: '取り込む' }));
    await screen.findByText('1名のユーザーを作成しました。');
    expect(screen.getByText('Gen#Pass12345')).toBeTruthy();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { userInfoFixture } from '../../test/fixtures';
import { FormDialog } from './form-dialog';
import { findLastButton, renderScreen } from './testing/render-screen';

function show() {
  const onClose = vi.fn();
  renderScreen(
    <FormDialog title="グループ登録" onSave={() => undefined} onClose={onClose}>
      <Form.Item label="グループ名" htmlFor="name">
        <Input id="name" />
      </Form.Item>
    </FormDialog>,
    userInfoFixture(),
  );
  return { onClose, user: userEvent.setup() };
}

describe('FormDialog', { timeout: 30_000 }, () => {
  it('closes at once on Escape when nothing was changed', async () => {
    const { onClose, user } = show();
    await user.click(screen.getByLabelText('グループ名'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('変更を破棄しますか？')).toBeNull();
  });

  it('asks 「変更を破棄しますか？」 before Escape discards typed text: いいえ keeps it, はい closes', async () => {
    const { onClose, user } = show();
    await user.type(screen.getByLabelText('グループ名'), '開発部');
    await user.keyboard('{Escape}');
    expect(await screen.findByText('変更を破棄しますか？')).toBeTruthy();
    await user.click(await findLastButton('いいえ'));
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByLabelText('グループ名') as HTMLInputElement).value).toBe('開発部');

    await user.click(document.querySelector('.ant-modal-close') as HTMLElement);
    await user.click(await findLastButton('はい'));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});

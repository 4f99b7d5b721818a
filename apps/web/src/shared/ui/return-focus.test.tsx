import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { FormDialog } from './form-dialog';

/** A page button that mounts the dialog while it is open, as every screen does. */
function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>新規</button>
      {open && (
        <FormDialog
          title="内線番号登録"
          saveText="保存する"
          onSave={() => setOpen(false)}
          onClose={() => setOpen(false)}
        >
          <input aria-label="名前" />
        </FormDialog>
      )}
    </>
  );
}

describe('focus after a dialog closes (issue 17)', () => {
  it('returns to the button that opened it, after Escape and after saving', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    const opener = screen.getByRole('button', { name: '新規' });

    await user.click(opener);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(opener));

    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: '保存する' }));
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});

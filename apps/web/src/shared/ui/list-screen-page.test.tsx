import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { userInfoFixture } from '../../test/fixtures';
import type { GridColumn } from './grid-columns';
import { ListScreenPage, type ListScreenQuery } from './list-screen-page';
import { findLastButton, renderScreen, rowWith } from './testing/render-screen';

interface Row {
  id: string;
  name: string;
}

const ROWS: Row[] = [
  { id: 'a', name: '営業部' },
  { id: 'b', name: '総務部' },
];
const columns: GridColumn<Row>[] = [{ key: 'name', title: '名前', text: (r) => r.name }];

/** A dialog that names what it edits and closes itself. */
function Dialog({ row, onClose }: { row: Row | null; onClose: () => void }) {
  return (
    <div role="dialog">
      {row ? `${row.name}を修正` : '新しい行'}
      <button onClick={onClose}>閉じる</button>
    </div>
  );
}

function show(query: ListScreenQuery<Row>, mutateAsync = vi.fn(() => Promise.resolve())) {
  renderScreen(
    <ListScreenPage
      title="グループ一覧"
      query={query}
      deletion={{ mutateAsync }}
      rowKey={(r) => r.id}
      columns={columns}
      dialog={(row, onClose) => <Dialog row={row} onClose={onClose} />}
    />,
    userInfoFixture(),
  );
  return mutateAsync;
}

const checkbox = (text: string) => rowWith(text).querySelector('input[type="checkbox"]') as HTMLInputElement;

describe('ListScreenPage', () => {
  it("shows the query's rows, and an empty list while it has none", () => {
    show({ data: undefined, isFetching: true, refetch: vi.fn() });
    expect(screen.getByText('総件数 0件')).toBeTruthy();
    expect(screen.getByText('お待ちください...')).toBeTruthy();
  });

  it('New opens the dialog for a new row, Edit for the chosen one; the dialog closes itself', async () => {
    const user = userEvent.setup();
    show({ data: { list: ROWS }, isFetching: false, refetch: vi.fn() });
    expect(screen.getByText('総件数 2件')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: '新規' }));
    expect(screen.getByRole('dialog').textContent).toContain('新しい行');
    await user.click(screen.getByRole('button', { name: '閉じる' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(checkbox('総務部'));
    await user.click(screen.getByRole('button', { name: '修正' }));
    expect((await screen.findByRole('dialog')).textContent).toContain('総務部を修正');
  });

  it('deletes the chosen row by its key after confirmation, and Refresh refetches the query', async () => {
    const user = userEvent.setup();
    const refetch = vi.fn(() => Promise.resolve());
    const mutateAsync = show({ data: { list: ROWS }, isFetching: false, refetch });

    await user.click(checkbox('営業部'));
    await user.click(screen.getByRole('button', { name: '削除' }));
    await user.click(await findLastButton('はい'));
    await waitFor(() => expect(mutateAsync).toHaveBeenCalledWith({ id: 'a', removeReferences: false }));

    fireEvent.click(screen.getByRole('button', { name: '更新' }));
    await waitFor(() => expect(refetch).toHaveBeenCalledTimes(1));
  });
});

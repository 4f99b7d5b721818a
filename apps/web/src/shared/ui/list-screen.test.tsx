import { ApiError } from '@tsunagu/contract/envelope';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userInfoFixture } from '../../test/fixtures';
import type { GridColumn } from './grid-columns';
import { EDIT_OPEN_DELAY_MS, ListScreen, type ListScreenProps } from './list-screen';
import { alertMessage, findLastButton, renderScreen, rowWith } from './testing/render-screen';
import { SELECTION_RESTORE_MS } from './use-list-selection';

interface Row {
  id: string;
  number: string;
  name: string;
  locked: boolean;
}

const ROWS: Row[] = [
  { id: 'a', number: '300', name: '営業部', locked: false },
  { id: 'b', number: '301', name: '総務部', locked: false },
  { id: 'c', number: '302', name: '標準', locked: true },
];

const columns: GridColumn<Row>[] = [
  { key: 'number', title: '番号', text: (r) => r.number },
  // A rendered cell: the filter still searches its text.
  { key: 'name', title: '名前', text: (r) => r.name, render: (r) => <b>{r.name}</b> },
  { key: 'action', title: '操作', data: false, text: () => '操作不可', render: () => <button>再生</button> },
];

type Handlers = Partial<ListScreenProps<Row>>;

/** A list screen whose rows the test can replace, as a refetch would. */
function Harness({ handlers, rows: initial }: { handlers: Handlers; rows: Row[] }) {
  const [rows, setRows] = useState(initial);
  return (
    <>
      <button onClick={() => setRows((current) => current.filter((r) => r.id !== 'a'))}>1行目を消す</button>
      <ListScreen
        title="グループ一覧"
        rows={rows}
        rowKey={(r) => r.id}
        columns={columns}
        loading={false}
        canEdit={(r) => !r.locked}
        canDelete={(r) => !r.locked}
        {...handlers}
      />
    </>
  );
}

function show(handlers: Handlers = {}, rows = ROWS) {
  return renderScreen(<Harness handlers={handlers} rows={rows} />, userInfoFixture());
}

const checkbox = (text: string) => rowWith(text).querySelector('input[type="checkbox"]') as HTMLInputElement;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

afterEach(() => {
  vi.useRealTimers();
});

describe('ListScreen', () => {
  it('shows the title with the total count and only the buttons it has handlers for', () => {
    show({ onEdit: vi.fn() });
    expect(screen.getByText('グループ一覧')).toBeTruthy();
    expect(screen.getByText('総件数 3件')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '新規' })).toBeNull();
    expect(screen.queryByRole('button', { name: '削除' })).toBeNull();
    expect(button('修正')).toBeTruthy();
    expect(button('エクスポート')).toBeTruthy();
  });

  it('filters over every column text; the label turns red and reads フィルター中... while text is present', async () => {
    const user = userEvent.setup();
    show();
    const label = screen.getByText('フィルター');
    expect(label.style.color).toBe('');

    await user.type(screen.getByLabelText('フィルター'), '総務');
    await waitFor(() => expect(screen.queryByText('営業部')).toBeNull());
    expect(screen.getByText('総務部')).toBeTruthy();
    const filtering = screen.getByText('フィルター中...');
    expect(filtering.style.color).toBe('rgb(207, 19, 34)');

    // Button columns are not searched.
    await user.clear(screen.getByLabelText('フィルター中...'));
    await user.type(screen.getByLabelText('フィルター'), '操作不可');
    expect(await screen.findByText('データがありません')).toBeTruthy();

    await user.clear(screen.getByLabelText('フィルター中...'));
    await user.type(screen.getByLabelText('フィルター'), '30');
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(4));
    expect(screen.getByText('フィルター中...')).toBeTruthy();
  });

  it('keeps Edit and Delete disabled until a row is chosen, and honours the per-row rules', async () => {
    const user = userEvent.setup();
    show({ onEdit: vi.fn(), onDelete: vi.fn(), onCreate: vi.fn(), onRefresh: vi.fn() });
    expect(button('修正').disabled).toBe(true);
    expect(button('削除').disabled).toBe(true);
    expect(button('新規').disabled).toBe(false);

    await user.click(checkbox('総務部'));
    expect(button('修正').disabled).toBe(false);
    expect(button('削除').disabled).toBe(false);

    // Single selection: choosing another row (by a click on the row) replaces the first.
    await user.click(screen.getByText('標準'));
    expect(checkbox('総務部').checked).toBe(false);
    expect(checkbox('標準').checked).toBe(true);
    expect(button('修正').disabled).toBe(true);
    expect(button('削除').disabled).toBe(true);

    await user.click(checkbox('標準'));
    expect(checkbox('標準').checked).toBe(false);
  });

  it('opens the edit dialog 150 ms after Edit', async () => {
    vi.useFakeTimers();
    const onEdit = vi.fn();
    show({ onEdit });
    fireEvent.click(checkbox('営業部'));
    fireEvent.click(button('修正'));
    act(() => vi.advanceTimersByTime(EDIT_OPEN_DELAY_MS - 1));
    expect(onEdit).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onEdit).toHaveBeenCalledWith(ROWS[0]);
  });

  it('selects the previous row again 300 ms after a refresh when it still exists', async () => {
    vi.useFakeTimers();
    const onRefresh = vi.fn(() => Promise.resolve());
    show({ onRefresh, onEdit: vi.fn() });
    fireEvent.click(checkbox('総務部'));
    expect(checkbox('総務部').checked).toBe(true);

    await act(async () => fireEvent.click(button('更新')));
    expect(onRefresh).toHaveBeenCalledTimes(1);
    expect(checkbox('総務部').checked).toBe(false);
    act(() => vi.advanceTimersByTime(SELECTION_RESTORE_MS - 1));
    expect(checkbox('総務部').checked).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(checkbox('総務部').checked).toBe(true);
    expect(button('修正').disabled).toBe(false);
  });

  it('keeps a row the user chose while the restore was pending', async () => {
    vi.useFakeTimers();
    show({ onRefresh: () => Promise.resolve(), onEdit: vi.fn() });
    fireEvent.click(checkbox('営業部'));
    await act(async () => fireEvent.click(button('更新')));
    fireEvent.click(checkbox('総務部'));
    act(() => vi.advanceTimersByTime(SELECTION_RESTORE_MS));
    expect(checkbox('総務部').checked).toBe(true);
    expect(checkbox('営業部').checked).toBe(false);
  });

  it('clears the selection after a refresh when the row is gone', async () => {
    vi.useFakeTimers();
    show({ onRefresh: () => Promise.resolve(), onEdit: vi.fn() });
    fireEvent.click(checkbox('営業部'));
    fireEvent.click(button('1行目を消す'));
    await act(async () => fireEvent.click(button('更新')));
    act(() => vi.advanceTimersByTime(SELECTION_RESTORE_MS));
    expect(screen.getAllByRole('checkbox').some((box) => (box as HTMLInputElement).checked)).toBe(false);
    expect(button('修正').disabled).toBe(true);
  });

  it('asks before deleting: いいえ keeps everything, はい deletes, toasts and clears the selection', async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn(() => Promise.resolve());
    show({ onDelete });
    await user.click(checkbox('総務部'));

    await user.click(button('削除'));
    expect(await screen.findByText('削除してもよろしいですか？')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'いいえ' }));
    expect(onDelete).not.toHaveBeenCalled();
    expect(checkbox('総務部').checked).toBe(true);

    await user.click(button('削除'));
    await user.click(await findLastButton('はい'));
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith(ROWS[1], false));
    expect(await screen.findByText('削除されました。')).toBeTruthy();
    await waitFor(() => expect(checkbox('総務部').checked).toBe(false));
    expect(button('削除').disabled).toBe(true);
  });

  it("shows a refused delete's server msg in an alert titled お知らせ", async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn(() => Promise.reject(new ApiError(409, 'この音声ファイルは使用されています。')));
    show({ onDelete });
    await user.click(checkbox('営業部'));
    await user.click(button('削除'));
    await user.click(await findLastButton('はい'));
    expect(await alertMessage()).toBe('この音声ファイルは使用されています。');
    expect(checkbox('営業部').checked).toBe(true);
  });

  it('says where a row in use is used before deleting, and キャンセル deletes nothing', async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn(() => Promise.resolve());
    const refs = [
      { kind: 'ivrOption', owner: '5000', detail: '1' },
      { kind: 'ringGroupMember', owner: '300', detail: null },
    ] as const;
    const usage = vi.fn(() =>
      Promise.resolve({ refs: [...refs], message: '使用中: IVR 5000 の 1 番、グループ 300' }),
    );
    show({ onDelete, usage });
    await user.click(checkbox('営業部'));
    await user.click(button('削除'));
    expect(await screen.findByText(/使用中: IVR 5000 の 1 番、グループ 300/)).toBeTruthy();
    expect(usage).toHaveBeenCalledWith(ROWS[0]);
    await user.click(await findLastButton('キャンセル'));
    expect(onDelete).not.toHaveBeenCalled();

    await user.click(button('削除'));
    await user.click(await findLastButton('参照を削除して削除'));
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith(ROWS[0], true));
  });

  it('asks the plain question for a row nothing uses', async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn(() => Promise.resolve());
    show({ onDelete, usage: () => Promise.resolve({ refs: [], message: '' }) });
    await user.click(checkbox('営業部'));
    await user.click(button('削除'));
    await user.click(await findLastButton('はい'));
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith(ROWS[0], false));
  });

  it('shows where the selected row is used in the 使用箇所 drawer', async () => {
    const user = userEvent.setup();
    const usage = vi.fn(() =>
      Promise.resolve({
        refs: [{ kind: 'ivrOption' as const, owner: '5000', detail: '1' }],
        message: '使用中: IVR 5000 の 1 番',
      }),
    );
    show({ usage });
    expect(button('使用箇所').disabled).toBe(true);
    await user.click(checkbox('営業部'));
    await user.click(button('使用箇所'));
    expect(await screen.findByText('使用箇所: 300')).toBeTruthy();
    expect(await screen.findByText('IVR 5000 の 1 番')).toBeTruthy();
    expect(usage).toHaveBeenCalledTimes(1);
  });

  it("says 'データがありません' for an empty list", () => {
    show({}, []);
    expect(screen.getByText('データがありません')).toBeTruthy();
    expect(screen.getByText('総件数 0件')).toBeTruthy();
  });
});

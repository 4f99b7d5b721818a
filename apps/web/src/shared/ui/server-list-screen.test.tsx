import type { Page } from '@tsunagu/contract/paging';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { userInfoFixture } from '../../test/fixtures';
import { exportGrid } from './export-grid';
import type { ListState } from './list-url-state';
import { ServerListScreen, type ServerColumn } from './server-list-screen';
import { renderScreen, rowWith } from './testing/render-screen';

vi.mock('./export-grid', () => ({ exportGrid: vi.fn(async () => undefined) }));

interface Row {
  id: number;
  name: string;
}
const ROWS: Row[] = Array.from({ length: 45 }, (_, i) => ({
  id: i + 1,
  name: `名前${String(i + 1).padStart(2, '0')}`,
}));
const columns: ServerColumn<Row>[] = [
  { key: 'id', title: '番号', sortField: 'id', text: (r) => String(r.id) },
  { key: 'name', title: '名前', sortField: 'name', text: (r) => r.name },
];

/** The server: filters by name, sorts and pages. */
function filtered(state: ListState): Row[] {
  const [field, direction] = state.sort.split(',') as [keyof Row, string];
  const rows = ROWS.filter((r) => !state.filters.name || r.name.includes(state.filters.name));
  rows.sort(
    (a, b) => (a[field] < b[field] ? -1 : a[field] > b[field] ? 1 : 0) * (direction === 'asc' ? 1 : -1),
  );
  return rows;
}
const fetchPage = vi.fn(async (state: ListState): Promise<Page<Row>> => ({
  content: filtered(state).slice(state.page * state.size, (state.page + 1) * state.size),
  totalElements: filtered(state).length,
  number: state.page,
  size: state.size,
}));
const fetchAll = vi.fn(async (state: ListState) => filtered(state));

function show(url: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/list',
        element: (
          <ServerListScreen<Row>
            title="一覧"
            columns={columns}
            rowKey={(r) => String(r.id)}
            queryKey={['rows']}
            defaultSort="id,asc"
            filters={[{ kind: 'text', key: 'name', label: '名前で検索' }]}
            fetchPage={fetchPage}
            fetchAll={fetchAll}
          />
        ),
      },
    ],
    { initialEntries: [url] },
  );
  renderScreen(<RouterProvider router={router} />, userInfoFixture());
  return router;
}
const search = (router: ReturnType<typeof show>) => router.state.location.search;

beforeEach(() => vi.clearAllMocks());

describe('ServerListScreen', () => {
  it('reads page, size, sort and filter from the URL (a reload shows the same rows)', async () => {
    show('/list?page=2&size=20&sort=id,desc&name=名前');
    await screen.findByText('名前25');
    expect(fetchPage).toHaveBeenLastCalledWith(
      { page: 1, size: 20, sort: 'id,desc', filters: { name: '名前' } },
      expect.anything(),
    );
    expect(screen.getByRole('textbox', { name: '名前で検索' })).toHaveProperty('value', '名前');
    expect(screen.getByText('総件数 45件')).toBeTruthy();
  });

  it('writes paging to the URL, and Back returns to the previous page', async () => {
    const user = userEvent.setup({ delay: null });
    const router = show('/list');
    await screen.findByText('名前01');
    await user.click(screen.getByRole('listitem', { name: '2' }));
    await screen.findByText('名前21');
    expect(search(router)).toBe('?page=2');

    await act(() => router.navigate(-1));
    await screen.findByText('名前01');
    expect(search(router)).toBe('');
  });

  it('writes sorting and filtering to the URL, a new filter starting at page 1', async () => {
    const user = userEvent.setup({ delay: null });
    const router = show('/list');
    await screen.findByText('名前01');
    await user.click(screen.getByRole('columnheader', { name: /名前/ }));
    await waitFor(() => expect(search(router)).toBe('?sort=name%2Casc'));
    await user.click(screen.getByRole('columnheader', { name: /名前/ }));
    await waitFor(() => expect(search(router)).toBe('?sort=name%2Cdesc'));
    await screen.findByText('名前45');

    await user.click(screen.getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(search(router)).toContain('page=2'));
    await user.type(screen.getByRole('textbox', { name: '名前で検索' }), '名前1');
    await user.click(screen.getByRole('button', { name: '絞り込み' }));
    // A new filter starts again at page 1.
    await waitFor(() => expect(search(router)).toBe('?sort=name%2Cdesc&name=%E5%90%8D%E5%89%8D1'));
    await screen.findByText('総件数 10件');
  });

  it('keeps rows selected across pages and exports the selection', async () => {
    const user = userEvent.setup({ delay: null });
    show('/list');
    await screen.findByText('名前01');
    await user.click(rowWith('名前02').querySelector('input[type="checkbox"]')!);
    await user.click(screen.getByRole('listitem', { name: '3' }));
    await screen.findByText('名前41');
    // The page's rows can show while the table still covers them as loading (pointer-events: none).
    await waitFor(() => user.click(rowWith('名前41').querySelector('input[type="checkbox"]')!));
    expect(screen.getByText('2件選択中')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '選択行をエクスポート' }));
    await waitFor(() => expect(exportGrid).toHaveBeenCalledTimes(1));
    expect(vi.mocked(exportGrid).mock.calls[0]![2].map((r) => (r as Row).name)).toEqual(['名前02', '名前41']);
    await user.click(screen.getByRole('button', { name: '選択を解除' }));
    expect(screen.queryByText('2件選択中')).toBeNull();
  });

  it('exports the whole filtered result in the list’s order, not only the page shown', async () => {
    const user = userEvent.setup({ delay: null });
    show('/list?sort=id,desc&name=名前');
    await screen.findByText('名前45');
    await user.click(screen.getByRole('button', { name: 'エクスポート' }));
    await waitFor(() => expect(exportGrid).toHaveBeenCalledTimes(1));
    expect(fetchAll).toHaveBeenCalledWith({ page: 0, size: 20, sort: 'id,desc', filters: { name: '名前' } });
    const [title, exportedColumns, rows] = vi.mocked(exportGrid).mock.calls[0]!;
    expect(title).toBe('一覧');
    expect(exportedColumns).toBe(columns);
    expect(rows).toHaveLength(45);
    expect((rows[0] as Row).id).toBe(45);
  });
});

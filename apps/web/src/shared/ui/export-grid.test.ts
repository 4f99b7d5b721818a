import { describe, expect, it, vi } from 'vitest';
import { exportFileName, exportGrid, gridSheetRows } from './export-grid';
import type { GridColumn } from './grid-columns';

const written = vi.hoisted(() => ({ calls: [] as { data: unknown; options: unknown; file?: string }[] }));

vi.mock('write-excel-file/browser', () => ({
  default: (data: unknown, options: unknown) => {
    const call: (typeof written.calls)[number] = { data, options };
    written.calls.push(call);
    return {
      toFile: async (file: string) => {
        call.file = file;
      },
    };
  },
}));

interface Member {
  number: string;
  name: string;
}

const columns: GridColumn<Member>[] = [
  { key: 'number', title: '内線番号', text: (m) => m.number },
  { key: 'name', title: '表示名', text: (m) => m.name, render: (m) => `<${m.name}>` },
  { key: 'play', title: '再生', data: false, text: () => 'ボタン' },
];

const rows: Member[] = [
  { number: '1001', name: '山田 太郎' },
  { number: '1002', name: '鈴木 花子' },
];

describe('grid export', () => {
  it('leads every row with its 1-based number under NO and writes the cell text, not the buttons', () => {
    const sheet = gridSheetRows(columns, rows);
    expect(
      sheet[0]?.map((cell) =>
        cell !== null && typeof cell === 'object' && 'value' in cell ? cell.value : cell,
      ),
    ).toEqual(['NO', '内線番号', '表示名']);
    expect(sheet.slice(1)).toEqual([
      [1, '1001', '山田 太郎'],
      [2, '1002', '鈴木 花子'],
    ]);
  });

  it('gives an empty grid just the header row', () => {
    expect(gridSheetRows(columns, [])).toHaveLength(1);
  });

  it("names the file after the screen title, 'none' without one", () => {
    expect(exportFileName('内線リスト')).toBe('内線リスト.xlsx');
    expect(exportFileName('')).toBe('none.xlsx');
    expect(exportFileName(undefined)).toBe('none.xlsx');
    expect(exportFileName('a/b:c')).toBe('a_b_c.xlsx');
  });

  it("writes one sheet named 'sheet1' to '<title>.xlsx'", async () => {
    await exportGrid('グループ一覧', columns, rows);
    const call = written.calls.at(-1);
    expect(call?.options).toEqual({ sheet: 'sheet1' });
    expect(call?.file).toBe('グループ一覧.xlsx');
    expect(call?.data).toEqual(gridSheetRows(columns, rows));
  });
});

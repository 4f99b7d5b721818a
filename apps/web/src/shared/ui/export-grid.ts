import type { SheetData } from 'write-excel-file/browser';
import { ja } from '../i18n/ja';
import { dataColumns, type GridColumn } from './grid-columns';

/** Spec 2.13: one sheet named 'sheet1'; 'none' when a grid has no title to name the file after. */
export const EXPORT_SHEET_NAME = 'sheet1';
export const EXPORT_DEFAULT_NAME = 'none';

/** The sheet of a grid: a header row, then one row per grid row led by its 1-based number (the NO column). */
export function gridSheetRows<T>(columns: readonly GridColumn<T>[], rows: readonly T[]): SheetData {
  const exported = dataColumns(columns);
  const header = [ja.pbx.exportNo, ...exported.map((column) => column.title)].map((value) => ({
    value,
    fontWeight: 'bold' as const,
  }));
  return [header, ...rows.map((row, index) => [index + 1, ...exported.map((column) => column.text(row))])];
}

/** The .xlsx file name for a grid titled `title`. */
export function exportFileName(title: string | undefined): string {
  const base = title?.trim().replace(/[\\/:*?"<>|]/g, '_') || EXPORT_DEFAULT_NAME;
  return `${base}.xlsx`;
}

/** Writes the grid's rows to an .xlsx file and lets the browser save it. */
export async function exportGrid<T>(
  title: string | undefined,
  columns: readonly GridColumn<T>[],
  rows: readonly T[],
): Promise<void> {
  // Loaded on demand: the spreadsheet writer is only needed when someone exports.
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  await writeXlsxFile(gridSheetRows(columns, rows), { sheet: EXPORT_SHEET_NAME }).toFile(
    exportFileName(title),
  );
}

import type { ReactNode } from 'react';

/** A column of a PBX list grid. */
export interface GridColumn<T> {
  key: string;
  title: string;
  /** The cell as text: what the quick filter searches and the export writes. */
  text: (row: T) => string;
  /** A richer cell (badges, buttons); without it the text is shown. */
  render?: (row: T) => ReactNode;
  width?: number;
  /** False for action columns (buttons): neither filtered nor exported. */
  data?: boolean;
}

/** The columns that carry data (everything but buttons). */
export function dataColumns<T>(columns: readonly GridColumn<T>[]): GridColumn<T>[] {
  return columns.filter((column) => column.data !== false);
}

/** Rows whose displayed text, in any data column, contains the query (case-insensitive); all rows for a blank one. */
export function filterRows<T>(rows: readonly T[], columns: readonly GridColumn<T>[], query: string): T[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [...rows];
  const searched = dataColumns(columns);
  return rows.filter((row) => searched.some((column) => column.text(row).toLowerCase().includes(needle)));
}

/** What every grid's table column takes from a GridColumn: its header, its width, its cell. */
export function tableColumn<T>(column: GridColumn<T>) {
  return {
    key: column.key,
    title: column.title,
    width: column.width,
    ellipsis: true,
    render: (_: unknown, row: T) => (column.render ? column.render(row) : column.text(row)),
  };
}

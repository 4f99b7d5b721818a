import { Refusal } from '@tsunagu/contract/refusal';
import { IMPORT_MAX_ROWS } from '@tsunagu/contract/crm/import';
import { parse } from 'csv-parse/sync';
import { readSheet } from 'read-excel-file/node';

/** A file's table: the header row and the data rows, every cell as text. */
export interface ImportTable {
  encoding: 'UTF-8' | 'Shift_JIS' | 'xlsx';
  headers: string[];
  rows: string[][];
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];
/** An .xlsx file is a ZIP archive: it starts with 'PK\x03\x04'. */
const isZip = (bytes: Buffer) => bytes.length > 4 && bytes.readUInt32BE(0) === 0x504b0304;

/**
 * CSV text in UTF-8 (a BOM, or bytes that are valid UTF-8) or else Shift_JIS (Windows' CP932, what Excel
 * writes for 「CSV（コンマ区切り）」). Node's WHATWG decoder reads 'shift_jis' as CP932, NEC and IBM
 * extensions included. Japanese text in Shift_JIS is practically never valid UTF-8, so the test is safe.
 */
function decodeCsv(bytes: Buffer): { text: string; encoding: 'UTF-8' | 'Shift_JIS' } {
  if (UTF8_BOM.every((b, i) => bytes[i] === b))
    return { text: bytes.subarray(3).toString('utf8'), encoding: 'UTF-8' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'UTF-8' };
  } catch {
    return { text: new TextDecoder('shift_jis').decode(bytes), encoding: 'Shift_JIS' };
  }
}

/** A cell as text: numbers as written (Excel keeps 0312345678 as 312345678: the normaliser restores it), dates as YYYY-MM-DD. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).trim();
}

/** Reads an uploaded file into a table; a file that is neither CSV nor .xlsx, or has no data rows, is a 400. */
export async function readImportFile(bytes: Buffer): Promise<ImportTable> {
  let encoding: ImportTable['encoding'];
  let table: string[][];
  try {
    if (isZip(bytes)) {
      encoding = 'xlsx';
      table = (await readSheet(bytes)).map((row) => row.map(cellText));
    } else {
      const decoded = decodeCsv(bytes);
      encoding = decoded.encoding;
      table = (parse(decoded.text, { relax_column_count: true, skip_empty_lines: true }) as string[][]).map(
        (row) => row.map(cellText),
      );
    }
  } catch {
    throw new Refusal('invalid', 'importUnreadable');
  }
  const rows = table.slice(1).filter((row) => row.some((cell) => cell !== ''));
  const [headerRow] = table;
  if (!headerRow || rows.length === 0) throw new Refusal('invalid', 'importEmpty');
  if (rows.length > IMPORT_MAX_ROWS) throw new Refusal('invalid', 'importTooManyRows');
  return { encoding, headers: headerRow.map((h, i) => h || `列${i + 1}`), rows };
}

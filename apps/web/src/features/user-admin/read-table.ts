/** Reading an uploaded users file into rows of text: CSV in UTF-8 or Shift_JIS (detected), or .xlsx. */

/**
 * The text of a CSV file. UTF-8 (with or without BOM) is tried strictly first; bytes that are not valid UTF-8
 * are Shift_JIS (Windows Excel's 「CSV (コンマ区切り)」), which the browser's own decoder reads.
 */
export function decodeCsv(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('shift_jis').decode(bytes);
  }
}

/** RFC 4180 CSV: quoted fields may hold commas, newlines and doubled quotes; CRLF or LF rows. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** A cell of a spreadsheet as text (numbers as written, e.g. an extension 1001). */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/** The rows of the file's first sheet (.xlsx) or of the CSV. */
export async function readTable(file: File): Promise<string[][]> {
  if (/\.xlsx$/i.test(file.name)) {
    // Loaded on demand: only an import needs the spreadsheet reader.
    const { readSheet } = await import('read-excel-file/browser');
    const data = await readSheet(file);
    return data.map((row) => row.map(cellText));
  }
  return parseCsv(decodeCsv(new Uint8Array(await file.arrayBuffer())));
}

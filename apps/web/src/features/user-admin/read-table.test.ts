import { describe, expect, it } from 'vitest';
import { importRowsOf } from '@tsunagu/contract/admin/user-import';
import { decodeCsv, parseCsv } from './read-table';

describe('reading a users CSV', () => {
  it('reads UTF-8 (with BOM) and Shift_JIS alike', () => {
    const utf8 = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('ID,名前\nyamada,山田')]);
    expect(decodeCsv(utf8)).toBe('ID,名前\nyamada,山田');
    // 「ID,名前\r\nyamada,山田」 as Windows Excel writes it.
    const sjis = new Uint8Array([
      0x49, 0x44, 0x2c, 0x96, 0xbc, 0x91, 0x4f, 0x0d, 0x0a, 0x79, 0x61, 0x6d, 0x61, 0x64, 0x61, 0x2c, 0x8e,
      0x52, 0x93, 0x63,
    ]);
    expect(decodeCsv(sjis)).toBe('ID,名前\r\nyamada,山田');
  });

  it('parses quotes, commas and newlines inside fields, and CRLF rows', () => {
    expect(
      parseCsv('ID,名前,プレゼンスグループ\r\na,"山田, 太郎","営業部、総務部"\r\nb,"言う""はい""",\r\n'),
    ).toEqual([
      ['ID', '名前', 'プレゼンスグループ'],
      ['a', '山田, 太郎', '営業部、総務部'],
      ['b', '言う"はい"', ''],
    ]);
  });

  it('maps columns by the header names the list exports, ignoring the others and blank rows', () => {
    const rows = importRowsOf([
      ['NO', 'ID', '名前', '内線番号', 'オンライン'],
      ['1', 'yamada', '山田', '1001', 'オフライン'],
      ['', '', '', '', ''],
    ]);
    expect(rows).toEqual([{ id: 'yamada', userNm: '山田', extension: '1001' }]);
    expect(importRowsOf([['名前'], ['山田']])).toBeNull();
  });
});

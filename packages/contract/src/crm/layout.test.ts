import { describe, expect, it } from 'vitest';
import { checkCustomValues, DEFAULT_LAYOUT, layoutSchema, type Layout } from './layout';
import { normalizePostalCode } from './prefectures';

const layout: Layout = {
  ...DEFAULT_LAYOUT,
  fields: [
    { key: 'x_rank', label: 'ランク', type: 'choice', options: ['A', 'B'], required: true },
    { key: 'x_areas', label: '対応エリア', type: 'choices', options: ['東', '西'], required: false },
    { key: 'x_n', label: '社員数', type: 'number', options: [], required: false },
    { key: 'x_dm', label: 'DM', type: 'yesNo', options: [], required: false },
  ],
};

describe('the layout rules', () => {
  it('accepts the default and refuses duplicates, unknown keys and choices without options', () => {
    expect(layoutSchema.safeParse(DEFAULT_LAYOUT).success).toBe(true);
    const message = (l: Layout) => layoutSchema.safeParse(l).error?.issues[0]?.message;
    expect(message({ ...layout, fields: [...layout.fields, { ...layout.fields[0]!, key: 'x_other' }] })).toBe(
      '項目名「ランク」が重複しています。',
    );
    expect(message({ ...layout, fields: [{ ...layout.fields[0]!, label: '会社名' }] })).toBe(
      '項目名「会社名」が重複しています。',
    );
    expect(message({ ...layout, fields: [{ ...layout.fields[0]!, options: [] }] })).toBe(
      '「ランク」の選択肢を入力してください。',
    );
    expect(message({ ...layout, popupFields: ['x_gone'] })).toBe('存在しない項目が指定されています。');
    expect(message({ ...layout, noteResults: ['完了', '完了'] })).toBe('「完了」が重複しています。');
  });

  it('checks each value against its field and keeps only what was entered', () => {
    expect(checkCustomValues(layout, { x_rank: 'A', x_areas: [], x_n: 12, x_dm: false })).toEqual({
      values: { x_rank: 'A', x_n: 12, x_dm: false },
      errors: {},
    });
    expect(checkCustomValues(layout, { x_areas: ['北'], x_n: '12', x_dm: 'yes', x_gone: 1 }).errors).toEqual({
      x_rank: 'ランクを入力してください。',
      x_areas: '対応エリアは選択肢から選んでください。',
      x_n: '社員数には数値を入力してください。',
      x_dm: 'DMは「はい」か「いいえ」を選んでください。',
      x_gone: '顧客画面レイアウトにない項目です。画面を再読み込みしてください。',
    });
  });

  it('reads postal codes in any width and with 〒', () => {
    expect(normalizePostalCode('〒１００－０００１')).toBe('100-0001');
    expect(normalizePostalCode('1000001')).toBe('100-0001');
    expect(normalizePostalCode('100-001')).toBeNull();
  });
});

import { z } from 'zod';

/**
 * The customer-screen layout (顧客画面レイアウト設定, /system/layout): the tenant's own fields, which
 * fields the record and the incoming-call pop-up show and in which order, and the call notes' picklists.
 * One per tenant; a tenant that never saved one uses DEFAULT_LAYOUT.
 */

/** The kinds of field a tenant can add. */
export const CUSTOM_FIELD_TYPES = ['text', 'number', 'date', 'choice', 'choices', 'yesNo'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

export const CUSTOM_FIELD_TYPE_LABELS: Record<CustomFieldType, string> = {
  text: 'テキスト',
  number: '数値',
  date: '日付',
  choice: '選択（1つ）',
  choices: '選択（複数）',
  yesNo: 'はい／いいえ',
};

/** The record's built-in fields, in their default order, with their Japanese names. */
export const STANDARD_FIELDS = {
  company: '会社名',
  companyKana: '会社名（フリガナ）',
  person: '担当者名',
  personKana: '担当者名（フリガナ）',
  department: '部署',
  numbers: '電話番号',
  email: 'メールアドレス',
  postalCode: '郵便番号',
  prefecture: '都道府県',
  address: '住所',
  owner: '担当ユーザー',
  tags: 'タグ',
  memo: 'メモ',
} as const;
export type StandardField = keyof typeof STANDARD_FIELDS;
export const STANDARD_FIELD_KEYS = Object.keys(STANDARD_FIELDS) as StandardField[];

export const MAX_CUSTOM_FIELDS = 50;
export const MAX_FIELD_OPTIONS = 50;
export const MAX_POPUP_FIELDS = 6;
export const MAX_PICKLIST_ITEMS = 30;

/** A tenant field's key: made by the layout screen, stable while its label changes. */
const fieldKeySchema = z.string().regex(/^x_[a-z0-9]{1,20}$/, '項目キーの形式が正しくありません。');
const labelSchema = z
  .string()
  .trim()
  .min(1, '項目名を入力してください。')
  .max(40, '項目名は40文字以内で入力してください。');
const optionSchema = z
  .string()
  .trim()
  .min(1, '選択肢を入力してください。')
  .max(40, '選択肢は40文字以内で入力してください。');
const picklistItemSchema = z
  .string()
  .trim()
  .min(1, '項目を入力してください。')
  .max(40, '項目は40文字以内で入力してください。');

export const customFieldSchema = z.object({
  key: fieldKeySchema,
  label: labelSchema,
  type: z.enum(CUSTOM_FIELD_TYPES, { error: '項目の種類が正しくありません。' }),
  /** The choices of a `choice` or `choices` field (empty for the other types). */
  options: z.array(optionSchema).max(MAX_FIELD_OPTIONS, `選択肢は${MAX_FIELD_OPTIONS}個までです。`),
  required: z.boolean(),
});
export type CustomField = z.infer<typeof customFieldSchema>;

const duplicates = (values: readonly string[]) => values.filter((v, i) => values.indexOf(v) !== i);

export const layoutSchema = z
  .object({
    fields: z.array(customFieldSchema).max(MAX_CUSTOM_FIELDS, `独自項目は${MAX_CUSTOM_FIELDS}個までです。`),
    /** Keys (standard and the tenant's) the record shows, in order; the others are hidden. */
    recordFields: z.array(z.string()),
    /** Keys the incoming-call pop-up shows under the name, in order. */
    popupFields: z
      .array(z.string())
      .max(MAX_POPUP_FIELDS, `着信ポップアップの項目は${MAX_POPUP_FIELDS}個までです。`),
    /** The call notes' picklists. */
    noteCategories: z
      .array(picklistItemSchema)
      .max(MAX_PICKLIST_ITEMS, `分類は${MAX_PICKLIST_ITEMS}個までです。`),
    noteResults: z
      .array(picklistItemSchema)
      .max(MAX_PICKLIST_ITEMS, `結果は${MAX_PICKLIST_ITEMS}個までです。`),
  })
  .superRefine((layout, context) => {
    const issue = (path: (string | number)[], message: string) =>
      context.addIssue({ code: 'custom', path, message });
    const keys = layout.fields.map((f) => f.key);
    if (duplicates(keys).length > 0) issue(['fields'], '項目キーが重複しています。');
    const labels = [...Object.values(STANDARD_FIELDS), ...layout.fields.map((f) => f.label)];
    for (const label of new Set(duplicates(labels)))
      issue(['fields'], `項目名「${label}」が重複しています。`);
    layout.fields.forEach((field, i) => {
      const choice = field.type === 'choice' || field.type === 'choices';
      if (choice && field.options.length === 0)
        issue(['fields', i, 'options'], `「${field.label}」の選択肢を入力してください。`);
      if (!choice && field.options.length > 0)
        issue(['fields', i, 'options'], `「${field.label}」に選択肢は設定できません。`);
      for (const option of new Set(duplicates(field.options))) {
        issue(['fields', i, 'options'], `「${field.label}」の選択肢「${option}」が重複しています。`);
      }
    });
    const known = new Set<string>([...STANDARD_FIELD_KEYS, ...keys]);
    for (const list of ['recordFields', 'popupFields'] as const) {
      if (layout[list].some((key) => !known.has(key))) issue([list], '存在しない項目が指定されています。');
      if (duplicates(layout[list]).length > 0) issue([list], '同じ項目が2回指定されています。');
    }
    for (const list of ['noteCategories', 'noteResults'] as const) {
      for (const item of new Set(duplicates(layout[list]))) issue([list], `「${item}」が重複しています。`);
    }
  });
export type Layout = z.infer<typeof layoutSchema>;

export const DEFAULT_LAYOUT: Layout = {
  fields: [],
  recordFields: [...STANDARD_FIELD_KEYS],
  popupFields: ['company', 'person', 'department'],
  noteCategories: ['問い合わせ', '見積・注文', '契約・請求', 'クレーム', 'その他'],
  noteResults: ['対応完了', '折り返し必要', '担当者へ引き継ぎ', '対応中'],
};

/** The saved layout and its version (optimistic concurrency, as for customers). */
export const layoutRecordSchema = z.object({ layout: layoutSchema, version: z.number().int() });
export type LayoutRecord = z.infer<typeof layoutRecordSchema>;

/** The Japanese name of a field key (standard or the tenant's), or the key itself when unknown. */
export function fieldLabel(layout: Layout, key: string): string {
  return (
    (STANDARD_FIELDS as Record<string, string>)[key] ?? layout.fields.find((f) => f.key === key)?.label ?? key
  );
}

/** A tenant field's value as stored in the customer's `custom` object. */
export type CustomValue = string | number | boolean | string[];

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function isValidDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

/** An empty value: absent, null, '', or no choice. */
function isEmpty(value: unknown): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

/** Why one value does not fit its field, or null. */
function valueError(field: CustomField, value: unknown): string | null {
  if (isEmpty(value)) return field.required ? `${field.label}を入力してください。` : null;
  switch (field.type) {
    case 'text':
      if (typeof value !== 'string') return `${field.label}の形式が正しくありません。`;
      return value.length > 1000 ? `${field.label}は1000文字以内で入力してください。` : null;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value)
        ? null
        : `${field.label}には数値を入力してください。`;
    case 'date':
      return typeof value === 'string' && isValidDate(value)
        ? null
        : `${field.label}の日付が正しくありません。`;
    case 'choice':
      return typeof value === 'string' && field.options.includes(value)
        ? null
        : `${field.label}は選択肢から選んでください。`;
    case 'choices':
      return Array.isArray(value) && value.every((v) => typeof v === 'string' && field.options.includes(v))
        ? null
        : `${field.label}は選択肢から選んでください。`;
    case 'yesNo':
      return typeof value === 'boolean' ? null : `${field.label}は「はい」か「いいえ」を選んでください。`;
  }
}

/**
 * The tenant's own values of a customer checked against the layout: each field's value fits its type and
 * options, required ones are there, and no key the layout does not name. Empty values are left out of the
 * result, so the stored object holds only what was entered.
 */
export function checkCustomValues(
  layout: Layout,
  custom: Record<string, unknown>,
): { values: Record<string, CustomValue>; errors: Record<string, string> } {
  const values: Record<string, CustomValue> = {};
  const errors: Record<string, string> = {};
  const fields = new Map(layout.fields.map((f) => [f.key, f]));
  for (const key of Object.keys(custom)) {
    if (!fields.has(key)) errors[key] = '顧客画面レイアウトにない項目です。画面を再読み込みしてください。';
  }
  for (const field of layout.fields) {
    const value = custom[field.key];
    const error = valueError(field, value);
    if (error) errors[field.key] = error;
    else if (!isEmpty(value)) values[field.key] = value as CustomValue;
  }
  return { values, errors };
}

/** A tenant field's value as text for a list, an export or the pop-up. */
export function customValueText(field: CustomField, value: unknown): string {
  if (isEmpty(value)) return '';
  if (field.type === 'yesNo') return value === true ? 'はい' : 'いいえ';
  if (Array.isArray(value)) return value.join('、');
  return String(value);
}

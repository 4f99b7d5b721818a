import { z } from 'zod';
import { idSchema } from '../pbx/shared';

/**
 * Customer import (顧客インポート, /cust/cust-import): a CSV (UTF-8 with or without BOM, or Shift_JIS /
 * CP932, detected) or an .xlsx file; its columns mapped to customer fields; a preview and dry-run
 * counts; then one transaction. The file travels with each step (nothing is kept on the server between
 * steps except the last mapping).
 */

/** The fields a column can fill, with the names the template and the mapping show. */
export const IMPORT_FIELDS = {
  company: '会社名',
  companyKana: '会社名（フリガナ）',
  person: '担当者名',
  personKana: '担当者名（フリガナ）',
  department: '部署',
  tel: '電話番号（代表）',
  direct: '電話番号（直通）',
  mobile: '携帯電話',
  fax: 'FAX',
  email: 'メールアドレス',
  postalCode: '郵便番号',
  prefecture: '都道府県',
  address: '住所',
  tags: 'タグ',
  memo: 'メモ',
} as const;
export type ImportField = keyof typeof IMPORT_FIELDS;
export const IMPORT_FIELD_KEYS = Object.keys(IMPORT_FIELDS) as ImportField[];

/** Which number label each number column fills. */
export const IMPORT_NUMBER_FIELDS = { tel: '代表', direct: '直通', mobile: '携帯', fax: 'FAX' } as const;

/** Headers other tools write, for mapping a file's columns without asking (compared without spaces, NFKC). */
export const IMPORT_HEADER_SYNONYMS: Record<ImportField, readonly string[]> = {
  company: ['会社名', '会社', '企業名', '取引先名', '法人名', '屋号', 'company'],
  companyKana: [
    '会社名（フリガナ）',
    '会社名フリガナ',
    '会社名カナ',
    '会社名（カナ）',
    '企業名カナ',
    'フリガナ（会社名）',
  ],
  person: ['担当者名', '担当者', '氏名', '名前', 'お名前', '顧客名', 'name'],
  personKana: [
    '担当者名（フリガナ）',
    '担当者名フリガナ',
    '氏名カナ',
    '氏名（カナ）',
    'フリガナ',
    'ふりがな',
    'カナ',
  ],
  department: ['部署', '部署名', '所属', '部門'],
  tel: ['電話番号（代表）', '電話番号', '代表電話', '代表番号', '電話', 'tel', '固定電話'],
  direct: ['電話番号（直通）', '直通', '直通番号', '直通電話'],
  mobile: ['携帯電話', '携帯', '携帯番号', '携帯電話番号', 'mobile'],
  fax: ['fax', 'fax番号', 'ファックス', 'ファクス'],
  email: ['メールアドレス', 'メール', 'e-mail', 'email', 'mail'],
  postalCode: ['郵便番号', '〒'],
  prefecture: ['都道府県'],
  address: ['住所', '所在地', '住所1'],
  tags: ['タグ', 'tags'],
  memo: ['メモ', '備考', 'memo', 'コメント'],
};

/** What a row whose number is already a customer's does. */
export const DUPLICATE_POLICIES = ['skip', 'update', 'add'] as const;
export type DuplicatePolicy = (typeof DUPLICATE_POLICIES)[number];
export const DUPLICATE_POLICY_LABELS: Record<DuplicatePolicy, string> = {
  skip: '取り込まない（スキップ）',
  update: '既存の顧客を更新する',
  add: '新しい顧客として追加する',
};

/** The largest file and the most rows an import takes. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 100_000;
/** Rows the preview shows. */
export const IMPORT_PREVIEW_ROWS = 20;

/** The multipart's 'options' part (JSON): the mapping (header → field, '' to skip a column) and the policy. */
export const importOptionsSchema = z.object({
  domainUuid: idSchema,
  /** Absent on the first upload: the server proposes one (the last used, else from the headers). */
  mapping: z.record(z.string().max(200), z.enum(['', ...IMPORT_FIELD_KEYS])).optional(),
  policy: z.enum(DUPLICATE_POLICIES).default('skip'),
});
export type ImportOptions = z.input<typeof importOptionsSchema>;

export const IMPORT_OUTCOMES = ['new', 'update', 'skip', 'refused'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];
export const IMPORT_OUTCOME_LABELS: Record<ImportOutcome, string> = {
  new: '新規',
  update: '更新',
  skip: 'スキップ',
  refused: 'エラー',
};

const countsSchema = z.object({
  total: z.number(),
  new: z.number(),
  updated: z.number(),
  skipped: z.number(),
  refused: z.number(),
});
export type ImportCounts = z.infer<typeof countsSchema>;

/** A refused row: its line in the file (the header is line 1), why, and its cells as read. */
const refusedRowSchema = z.object({ row: z.number(), reason: z.string(), cells: z.array(z.string()) });
export type RefusedRow = z.infer<typeof refusedRowSchema>;

export const importPreviewSchema = z.object({
  /** How the file was read: 'UTF-8', 'Shift_JIS' or 'xlsx'. */
  encoding: z.string(),
  headers: z.array(z.string()),
  mapping: z.record(z.string(), z.string()),
  /** The first rows with their outcome under the policy. */
  rows: z.array(
    z.object({
      row: z.number(),
      cells: z.array(z.string()),
      outcome: z.enum(IMPORT_OUTCOMES),
      reason: z.string(),
    }),
  ),
  /** The dry run of the whole file. */
  counts: countsSchema,
  refused: z.array(refusedRowSchema),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importResultSchema = z.object({ counts: countsSchema, refused: z.array(refusedRowSchema) });
export type ImportResult = z.infer<typeof importResultSchema>;

/** Messages of the import. */
export const importMessages = {
  fileMissing: 'ファイルを選択してください。',
  fileTooLarge: 'ファイルが大きすぎます（20MBまで）。',
  unreadable:
    'ファイルを読み込めませんでした。CSV（UTF-8 または Shift_JIS）か Excel（.xlsx）のファイルを選択してください。',
  empty: 'ファイルにデータの行がありません。1行目は見出しにしてください。',
  tooManyRows: `一度に取り込めるのは${IMPORT_MAX_ROWS.toLocaleString('ja-JP')}行までです。ファイルを分けてください。`,
  noNameColumn: '会社名か担当者名の列を割り当ててください。',
  optionsInvalid: 'インポートの設定が正しくありません。画面を再読み込みしてください。',
  nameMissing: '会社名と担当者名がどちらも空です。',
  rowInvalid: '行の内容が正しくありません。',
  numberInvalid: (text: string) => `電話番号「${text}」の形式が正しくありません。`,
  duplicateInFile: (row: number) => `同じ電話番号が${row}行目にもあります。`,
  numberKnown: '登録済みの電話番号のため取り込みませんでした。',
} as const;

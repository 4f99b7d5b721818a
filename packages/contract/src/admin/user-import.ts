import { z } from 'zod';
import { idSchema } from '../pbx/shared';

/**
 * Users from a CSV (UTF-8 or Shift_JIS) or .xlsx file: the browser reads the file into rows of text keyed by
 * the header names below (the list's own export uses the same names, so an export reads back in); the
 * server checks every row with the save's rules and creates them all in one transaction, or none.
 */

/** Header names (as the list exports them, plus aliases) and the field each fills; other columns are ignored. */
export const USER_IMPORT_HEADERS: Record<string, keyof UserImportRow> = {
  ID: 'id',
  ログインID: 'id',
  名前: 'userNm',
  ふりがな: 'userKana',
  メールアドレス: 'email',
  権限: 'userClass',
  電話種別: 'phoneType',
  内線番号: 'extension',
  プレゼンスグループ: 'groups',
  状態: 'enabled',
  パスワード: 'password',
};

/** The most rows one import takes (each new password is hashed, which is slow by design). */
export const USER_IMPORT_MAX_ROWS = 500;

export const userImportMessages = {
  noRows: '取り込む行がありません。',
  noIdColumn: '1行目に「ID」または「ログインID」の列がありません。',
  tooManyRows: `一度に取り込めるのは${USER_IMPORT_MAX_ROWS}行までです。ファイルを分けてください。`,
  unreadable: 'ファイルを読み込めませんでした。CSV（UTF-8またはShift_JIS）か.xlsxを選んでください。',
  classUnknown: '権限は「管理者」か「一般」で指定してください。',
  phoneTypeUnknown: '電話種別は「ヘッドセット」か「電話機」で指定してください。',
  enabledUnknown: '状態は「有効」か「利用停止」（または「無効」）で指定してください。',
  extensionUnknown: (number: string) => `内線番号 ${number} はこのドメインにありません。`,
  extensionTaken: (number: string) => `内線番号 ${number} は他のユーザーが使用しています。`,
  extensionTwice: (number: string) => `内線番号 ${number} がファイル内で重複しています。`,
  idTwice: 'ログインIDがファイル内で重複しています。',
  groupUnknown: (name: string) => `プレゼンスグループ「${name}」がありません。`,
  hasErrors: 'エラーのある行があるため、取り込みませんでした。',
} as const;

const cell = z.string().max(500).optional();

/** One row as read from the file: every field is text. */
export const userImportRowSchema = z.object({
  id: cell,
  userNm: cell,
  userKana: cell,
  email: cell,
  userClass: cell,
  phoneType: cell,
  extension: cell,
  /** Presence group names, separated by 、 or , */
  groups: cell,
  enabled: cell,
  /** Blank: a password is generated (shown once in the answer). */
  password: cell,
});
export type UserImportRow = z.infer<typeof userImportRowSchema>;

/** POST /v1/user/import/:domainUuid. */
export const userImportRequestSchema = z.object({
  rows: z
    .array(userImportRowSchema)
    .min(1, userImportMessages.noRows)
    .max(USER_IMPORT_MAX_ROWS, userImportMessages.tooManyRows),
  /** False: only check the rows (the preview); true: create them all, or none when any row fails. */
  commit: z.boolean(),
  /** Whether the new users must change their password at their first sign-in. */
  mustChangePassword: z.boolean(),
});
export type UserImportRequest = z.infer<typeof userImportRequestSchema>;

export const userImportResultSchema = z.object({
  rows: z.array(
    z.object({
      /** 1-based row number in the file, the header being row 1. */
      line: z.number(),
      id: z.string(),
      userNm: z.string(),
      /** The first rule the row breaks, or null. */
      error: z.string().nullable(),
      /** A generated password (committed imports only; shown once). */
      password: z.string().nullable(),
    }),
  ),
  /** Users created (0 for a preview or a refused import). */
  created: z.number(),
});
export type UserImportResult = z.infer<typeof userImportResultSchema>;

/** Rows of text (the first being the header) to import rows; null when there is no ID column. */
export function importRowsOf(table: readonly (readonly string[])[]): UserImportRow[] | null {
  const [header, ...body] = table;
  if (!header) return null;
  const fields = header.map((name) => USER_IMPORT_HEADERS[name.trim()]);
  if (!fields.includes('id')) return null;
  return body
    .filter((cells) => cells.some((text) => text.trim() !== ''))
    .map((cells) => {
      const row: UserImportRow = {};
      fields.forEach((field, index) => {
        if (field && row[field] === undefined) row[field] = (cells[index] ?? '').trim();
      });
      return row;
    });
}

export const userImportParams = z.object({ domainUuid: idSchema });

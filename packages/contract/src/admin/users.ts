import { z } from 'zod';
import { passwordSchema, phoneTypeSchema } from '../auth';
import { ADMIN_VARIANT, MENU, menuConfig, parseStoredMenu, walk, type MenuItem } from '../menu';
import { pageQuerySchema, pageSchema } from '../paging';
import { ADMINS_ONLY_VARIANTS, USER_CLASS } from '../permissions';
import { extensionCreateRequestSchema } from '../pbx/extension';
import { idSchema } from '../pbx/shared';

/** User management (ユーザー管理, /system/user) and presence groups: schemas, rules and their messages. */

export const userAdminMessages = {
  loginIdFormat: 'ログインIDは2〜64文字の半角英数字と「.」「_」「-」「@」で入力してください。',
  loginIdTaken: 'このログインIDは既に使われています。',
  nameMissing: '名前を入力してください。',
  nameTooLong: '名前は50文字以内で入力してください。',
  kanaFormat: 'ふりがなはひらがな・カタカナで50文字以内で入力してください。',
  emailFormat: 'メールアドレスの形式が正しくありません。',
  passwordMissing: '初期パスワードを入力するか、自動生成を選んでください。',
  /** A CP naming another class than 管理者/一般, or anyone making a provider user here. */
  classForbidden: 'SPユーザーはここでは作成・変更できません。',
  extensionTaken: 'この内線番号は他のユーザーが使用しています。',
  extensionUnknown: 'この内線番号はこのドメインにありません。',
  groupUnknown: '存在しないプレゼンスグループが指定されています。',
  cannotDisableSelf: '自分自身を無効にすることはできません。',
  cannotDeleteSelf: '自分自身を削除することはできません。',
  cannotDemoteSelf: '自分自身を一般ユーザーに変更することはできません。',
  groupNameMissing: 'グループ名を入力してください。',
  groupNameTooLong: 'グループ名は50文字以内で入力してください。',
  groupNameTaken: '同じ名前のプレゼンスグループが既にあります。',
  groupNumberUnknown: '代表番号はこのドメインのグループ設定（着信グループ）から選んでください。',
  groupMemberUnknown: 'メンバーにこのドメインのユーザーではない人が含まれています。',
  menuInvalid: 'メニュー表示設定の形式が正しくありません。',
} as const;

/** Login ID: 2–64 letters, digits, `.`, `_`, `-`, `@`; unique in the whole system regardless of case. */
export const LOGIN_ID_PATTERN = /^[A-Za-z0-9._@-]{2,64}$/;
export const loginIdSchema = z.string().trim().regex(LOGIN_ID_PATTERN, userAdminMessages.loginIdFormat);

/** Classes this screen assigns: 管理者 (CP) or 一般 (staff). SP users have their own screen. */
export const USER_CLASS_STAFF = 'USER';
export const managedClassSchema = z.enum([USER_CLASS.tenantAdmin, USER_CLASS_STAFF], {
  error: userAdminMessages.classForbidden,
});
export type ManagedClass = z.infer<typeof managedClassSchema>;

export const USER_CLASS_LABELS: Record<string, string> = {
  [USER_CLASS.provider]: 'SP',
  [USER_CLASS.tenantAdmin]: '管理者',
  [USER_CLASS_STAFF]: '一般',
};
/** The Japanese name of a class (unknown classes read as 一般, as permissions.ts treats them). */
export function userClassLabel(userClass: string): string {
  return USER_CLASS_LABELS[userClass] ?? '一般';
}

export const PHONE_TYPE_LABELS = { verto: 'ヘッドセット', phone: '電話機' } as const;

const KANA = /^[\p{Script=Hiragana}\p{Script=Katakana}ー・\s\u3000]*$/u;

/** The menu items a staff user's stored menu may show (below 9000, not the administrators' own). */
export function staffMenu(): MenuItem[] {
  const keep = (items: readonly MenuItem[]): MenuItem[] =>
    items
      .filter((item) => item.variant < ADMIN_VARIANT && !ADMINS_ONLY_VARIANTS.has(item.variant))
      .map((item) => ({ ...item, ...(item.children ? { children: keep(item.children) } : {}) }));
  return keep(MENU);
}

/** The variants a stored menu hides (everything absent from it is hidden too, as the shell reads it). */
export function hiddenVariantsOf(menu: string): number[] {
  const stored = parseStoredMenu(menu);
  const hidden: number[] = [];
  walk(staffMenu(), (item) => {
    if (stored.get(item.variant) !== false) hidden.push(item.variant);
  });
  return hidden;
}

/** The stored menu (spec 6's user.menu) showing exactly the given variants to a staff user. */
export function staffMenuShowing(shown: readonly number[]): string {
  const visible = new Set(shown);
  const hidden: number[] = [];
  walk(MENU, (item) => {
    if (!visible.has(item.variant)) hidden.push(item.variant);
  });
  return menuConfig(hidden);
}

/**
 * A staff user's stored menu as saved: the spec's full shape (every item below 9000 with its hidden flag),
 * hiding what the given menu hides and always the administrators' own items.
 */
export function normalizeStaffMenu(menu: string): string {
  return menuConfig([...hiddenVariantsOf(menu), ...ADMINS_ONLY_VARIANTS]);
}

/** True when the text is a stored menu the shell can read: a JSON array of `{variant, attributes, children}`. */
export function isStoredMenu(text: string): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return false;
  }
  const valid = (items: unknown): boolean =>
    Array.isArray(items) &&
    items.every(
      (item) =>
        typeof item === 'object' &&
        item !== null &&
        typeof (item as { variant?: unknown }).variant === 'number' &&
        ((item as { children?: unknown }).children === undefined ||
          valid((item as { children?: unknown }).children)),
    );
  return valid(parsed);
}

/** One user as the management list shows it. */
export const managedUserSchema = z.object({
  userUuid: z.string(),
  /** Login ID. */
  id: z.string(),
  userNm: z.string(),
  /** Furigana of the name. */
  userKana: z.string(),
  email: z.string(),
  /** 'CP' 管理者, 'USER' 一般 (or 'SP' for a provider user, shown but not editable here). */
  userClass: z.string(),
  phoneType: phoneTypeSchema,
  /** Whether the user may change their own pop-up setting (`userPopup`). */
  userPopup: z.boolean(),
  extensionUuid: z.string().nullable(),
  /** The extension's number. */
  extension: z.string().nullable(),
  /** Presence groups the user is a member of, in display order. */
  groups: z.array(z.object({ commUuid: z.string(), commName: z.string() })),
  enabled: z.boolean(),
  /** Open sessions now (0: offline). */
  loginCnt: z.number(),
  /** ISO 8601, or null when never signed in. */
  lastSignInAt: z.string().nullable(),
  mustChangePassword: z.boolean(),
  /** The stored menu configuration (spec 6), a JSON string. */
  menu: z.string(),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

export const USER_SORT_FIELDS = [
  'id',
  'userNm',
  'userKana',
  'extension',
  'userClass',
  'lastSignInAt',
] as const;

/** Query of GET /v1/user/list/:domainUuid (and its export): paging, sort and a free-text search. */
export const userListQuerySchema = pageQuerySchema(USER_SORT_FIELDS, 'id,asc', {
  /** Part of the login ID, name, furigana, e-mail or extension number. */
  q: z.string().trim().max(100).optional(),
  /** 'true' or 'false': only enabled or only disabled users. */
  enabled: z.enum(['true', 'false']).optional(),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;
export const managedUserPageSchema = pageSchema(managedUserSchema);

/** POST /v1/user/save: create (no userUuid) or edit a user of the tenant. */
export const managedUserSaveSchema = z
  .object({
    /** Absent to create. */
    userUuid: idSchema.optional(),
    domainUuid: idSchema,
    id: loginIdSchema,
    userNm: z.string().trim().min(1, userAdminMessages.nameMissing).max(50, userAdminMessages.nameTooLong),
    userKana: z
      .string()
      .trim()
      .max(50, userAdminMessages.kanaFormat)
      .regex(KANA, userAdminMessages.kanaFormat),
    email: z.union([z.literal(''), z.email(userAdminMessages.emailFormat).max(254)]),
    userClass: managedClassSchema,
    phoneType: phoneTypeSchema,
    userPopup: z.boolean(),
    /** An unused extension of the tenant, or null for none (ignored when `newExtension` is given). */
    extensionUuid: idSchema.nullable(),
    /** A new extension created with the user, in the same transaction. */
    newExtension: extensionCreateRequestSchema.optional(),
    /** Presence groups (commUuid) the user belongs to. */
    groups: z.array(idSchema).max(100),
    enabled: z.boolean(),
    /** Staff only: the stored menu configuration (spec 6), a JSON string; ignored for 管理者. */
    menu: z.string().max(20_000).refine(isStoredMenu, userAdminMessages.menuInvalid),
    /** Create only: the initial password, or absent with `generatePassword`. */
    password: passwordSchema.optional(),
    generatePassword: z.boolean().optional(),
    mustChangePassword: z.boolean(),
  })
  .refine((user) => user.userUuid !== undefined || user.password !== undefined || user.generatePassword, {
    message: userAdminMessages.passwordMissing,
    path: ['password'],
  });
export type ManagedUserSave = z.infer<typeof managedUserSaveSchema>;
export type ManagedUserSaveInput = z.input<typeof managedUserSaveSchema>;

/** The answer of a save: the user, and a generated password (shown once, never again). */
export const managedUserSavedSchema = z.object({
  user: managedUserSchema,
  password: z.string().nullable(),
});

/** What the user dialog offers: the tenant's extensions (with who uses each) and presence groups. */
export const userFormOptionsSchema = z.object({
  extensions: z.array(
    z.object({
      extensionUuid: z.string(),
      extension: z.string(),
      effectiveCallerIdName: z.string(),
      /** The user who has it, or null when free. */
      userUuid: z.string().nullable(),
      userNm: z.string().nullable(),
    }),
  ),
  groups: z.array(z.object({ commUuid: z.string(), commName: z.string() })),
  /** The tenant's ring groups: the candidates for a presence group's representative number. */
  ringGroups: z.array(z.object({ extension: z.string(), name: z.string() })),
});
export type UserFormOptions = z.infer<typeof userFormOptionsSchema>;

/** A presence group (spec userGroup.commDetails) as its management lists it. */
export const presenceGroupSchema = z.object({
  commUuid: z.string(),
  commName: z.string(),
  /** The representative number: one of the tenant's ring groups, or null. */
  commSub1: z.string().nullable(),
  userList: z.array(z.object({ userUuid: z.string(), userNm: z.string(), id: z.string() })),
});
export type PresenceGroup = z.infer<typeof presenceGroupSchema>;

/** POST /v1/userGroup: create (no commUuid) or edit a presence group. */
export const presenceGroupSaveSchema = z.object({
  commUuid: idSchema.optional(),
  domainUuid: idSchema,
  commName: z
    .string()
    .trim()
    .min(1, userAdminMessages.groupNameMissing)
    .max(50, userAdminMessages.groupNameTooLong),
  commSub1: z.string().trim().max(20).nullable(),
  /** Members (userUuid) in display order. */
  userList: z.array(idSchema).max(1000),
});
export type PresenceGroupSave = z.infer<typeof presenceGroupSaveSchema>;
export type PresenceGroupSaveInput = z.input<typeof presenceGroupSaveSchema>;

/** Characters of a generated password: no look-alikes (0/O, 1/l/I). */
const GENERATED = {
  lower: 'abcdefghjkmnpqrstuvwxyz',
  upper: 'ABCDEFGHJKLMNPQRSTUVWXYZ',
  digit: '23456789',
  special: '!@#$%&*-_=+?',
};

/**
 * A password meeting the spec's rule, from the given random source (bytes → characters): 14 characters,
 * at least one of each kind. The server passes crypto's random bytes.
 */
export function generatePassword(randomBytes: (n: number) => Uint8Array): string {
  const all = GENERATED.lower + GENERATED.upper + GENERATED.digit + GENERATED.special;
  const kinds = [GENERATED.lower, GENERATED.upper, GENERATED.digit, GENERATED.special];
  const bytes = randomBytes(28);
  const chars = [...bytes.slice(0, 14)].map((b, i) => {
    const set = i < kinds.length ? kinds[i]! : all;
    return set[b % set.length]!;
  });
  // Shuffle so that the kinds are not always in the first four places.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = bytes[14 + i]! % (i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

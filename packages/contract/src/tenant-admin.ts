import { z } from 'zod';
import { passwordSchema } from './auth';
import { pageQuerySchema, pageSchema } from './paging';

/**
 * The provider's administration (issue 18): tenants (/system/admin) with their quotas, provider users
 * (/system/sp-user), and acting inside a tenant. Rules and their Japanese messages, for both sides.
 */

export const tenantMessages = {
  domainName:
    'ドメイン名は小文字の英数字・ハイフン・ドットのホスト名で入力してください（例: sample.tsunagu.jp）。',
  domainNameTaken: 'このドメイン名は既に使われています。',
  loginId: 'ログインIDは2〜64文字の英数字と「.」「_」「-」「@」で入力してください。',
  loginIdTaken: 'このログインIDは既に使われています。',
  quota: '上限は0〜100,000の整数で入力してください。',
  audioQuota: '音声ファイルの容量は1〜102,400MBの整数で入力してください。',
  lineNumber: '回線の発信者番号は数字（2〜20桁）で入力してください。',
  lineInUse: (number: string, extensions: readonly string[]) =>
    `使用中: 回線 ${number} は内線 ${extensions.join('、')} の発信者番号です。`,
  lineDuplicate: '同じ発信者番号の回線が重複しています。',
  incomingNumber: '着信番号は数字（2〜20桁）で入力してください。',
  incomingDuplicate: '同じ着信番号が重複しています。',
  incomingTaken: (number: string) => `着信番号 ${number} は既に他で使われています。`,
  extensionRange: '内線番号の範囲は2〜8桁の数字で、開始 ≦ 終了、最大1,000件で入力してください。',
  rangeOverQuota: '内線番号の範囲が内線数の上限を超えています。',
  quotaBelowUse: (quota: string, used: number) =>
    `${quota}の上限を現在の使用数（${used}）より小さくはできません。`,
  /** A create beyond a tenant's quota, naming it. */
  quotaReached: (quota: string, limit: number) =>
    `${quota}の上限（${limit}）に達しているため、追加できません。`,
  confirmName: '確認のため、ドメイン名を正しく入力してください。',
  tenantDisabled: 'このドメインは利用停止中です。管理者にお問い合わせください。',
  ownTenant: '自分のドメインでは代理操作を開始できません。',
  ownTenantStop: '自分のドメインは無効化・削除できません。',
  reason: '理由を入力してください（200文字以内）。',
  notActing: '代理操作中ではありません。',
  lastProvider: '最後の有効なSPユーザーは無効化・削除できません。',
  notProvider: 'SPユーザーではありません。',
  notDeleted: 'このドメインは削除されていません。',
} as const;

/** The quotas a tenant has, and their Japanese names (used in messages). */
export const QUOTA_NAMES = {
  maxUsers: 'ユーザー数',
  maxExtensions: '内線数',
  maxRingGroups: 'グループ数',
  maxIvrMenus: 'IVRメニュー数',
  audioMb: '音声ファイルの容量',
} as const;
export type QuotaKey = keyof typeof QUOTA_NAMES;

/** A host name in lower case: labels of a–z, 0–9 and inner hyphens, joined by dots. */
const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
/** Login IDs: 2–64 letters, digits, '.', '_', '-', '@' (unique regardless of case). */
export const LOGIN_ID = /^[A-Za-z0-9._@-]{2,64}$/;

export const domainNameSchema = z
  .string({ error: tenantMessages.domainName })
  .trim()
  .regex(HOST_NAME, tenantMessages.domainName);
export const loginIdSchema = z
  .string({ error: tenantMessages.loginId })
  .trim()
  .regex(LOGIN_ID, tenantMessages.loginId);
const nameSchema = (field: string) =>
  z
    .string({ error: `${field}を入力してください。` })
    .trim()
    .min(1, `${field}を入力してください。`)
    .max(100, `${field}は100文字以内で入力してください。`);
const count = z
  .number({ error: tenantMessages.quota })
  .int(tenantMessages.quota)
  .min(0, tenantMessages.quota)
  .max(100_000, tenantMessages.quota);
const digits = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^[0-9]{2,20}$/, message);

export const quotasSchema = z.object({
  maxUsers: count,
  maxExtensions: count,
  maxRingGroups: count,
  maxIvrMenus: count,
  audioMb: z
    .number({ error: tenantMessages.audioQuota })
    .int(tenantMessages.audioQuota)
    .min(1, tenantMessages.audioQuota)
    .max(102_400, tenantMessages.audioQuota),
});
export type Quotas = z.infer<typeof quotasSchema>;

/** An outbound line (the spec's gwList entry): its name and the caller number it sends. */
export const lineSchema = z.object({
  name: z.string().trim().max(100, '回線名は100文字以内で入力してください。'),
  number: digits(tenantMessages.lineNumber),
});
/** An incoming number of the tenant's carrier contract, with its display name. */
export const incomingNumberSchema = z.object({
  number: digits(tenantMessages.incomingNumber),
  name: z.string().trim().max(100, '名称は100文字以内で入力してください。'),
});

const uniqueBy = <T>(items: readonly T[], key: (item: T) => string) =>
  new Set(items.map(key)).size === items.length;

const linesSchema = z
  .array(lineSchema)
  .max(50)
  .refine((lines) => uniqueBy(lines, (l) => l.number), tenantMessages.lineDuplicate);
const numbersSchema = z
  .array(incomingNumberSchema)
  .max(200)
  .refine((numbers) => uniqueBy(numbers, (n) => n.number), tenantMessages.incomingDuplicate);

/** What can change after creation (the domain name cannot). */
export const tenantEditSchema = z.object({
  /** The header's domainDescription. */
  domainDescription: z.string().trim().max(100, '説明は100文字以内で入力してください。'),
  quotas: quotasSchema,
  lines: linesSchema,
  numbers: numbersSchema,
});
export type TenantEdit = z.input<typeof tenantEditSchema>;

const extensionNumber = z
  .string()
  .trim()
  .regex(/^[0-9]{2,8}$/, tenantMessages.extensionRange);

/** An optional first range of extensions, e.g. 1001–1003. */
export const extensionRangeSchema = z
  .object({ from: extensionNumber, to: extensionNumber })
  .refine(
    ({ from, to }) =>
      from.length === to.length && Number(from) <= Number(to) && Number(to) - Number(from) < 1000,
    tenantMessages.extensionRange,
  );

/** The creation wizard: everything in one transaction. */
export const tenantCreateSchema = tenantEditSchema
  .extend({
    domainName: domainNameSchema,
    admin: z.object({
      username: loginIdSchema,
      userNm: nameSchema('管理者の氏名'),
      /** Typed by the provider, or left out to have one generated (shown once either way). */
      password: passwordSchema.optional(),
    }),
    extensions: extensionRangeSchema.optional(),
  })
  .refine(
    (t) => !t.extensions || Number(t.extensions.to) - Number(t.extensions.from) + 1 <= t.quotas.maxExtensions,
    { message: tenantMessages.rangeOverQuota, path: ['extensions'] },
  );
export type TenantCreate = z.input<typeof tenantCreateSchema>;

/** The answer of a creation: the new tenant and its first administrator's password, shown once. */
export const tenantCreatedSchema = z.object({
  domainUuid: z.string(),
  username: z.string(),
  password: z.string(),
});

/** Whether a tenant row is in use or deleted (waiting for its purge). */
export const TENANT_STATES = ['active', 'deleted'] as const;
/** How many days a deleted tenant waits before it is purged. */
export const PURGE_AFTER_DAYS = 30;

export const TENANT_SORT_FIELDS = ['domainName', 'createdAt'] as const;
export const tenantQuerySchema = pageQuerySchema(TENANT_SORT_FIELDS, 'domainName,asc', {
  /** Part of the domain name or description. */
  q: z.string().trim().max(100).optional(),
  state: z.enum(TENANT_STATES).default('active'),
});
export type TenantQuery = z.input<typeof tenantQuerySchema>;

/** One row of the tenant list. */
export const tenantRowSchema = z.object({
  domainUuid: z.string(),
  domainName: z.string(),
  domainDescription: z.string(),
  enabled: z.boolean(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** ISO 8601; null unless deleted. */
  deletedAt: z.string().nullable(),
  usersUsed: z.number(),
  /** Null: no limit (tenants made before quotas). */
  maxUsers: z.number().nullable(),
  extensionsUsed: z.number(),
  maxExtensions: z.number().nullable(),
});
export type TenantRow = z.infer<typeof tenantRowSchema>;
export const tenantPageSchema = pageSchema(tenantRowSchema);

/** A tenant as its edit dialog reads it. */
export const tenantDetailSchema = z.object({
  domainUuid: z.string(),
  domainName: z.string(),
  domainDescription: z.string(),
  enabled: z.boolean(),
  quotas: z.object({
    maxUsers: z.number().nullable(),
    maxExtensions: z.number().nullable(),
    maxRingGroups: z.number().nullable(),
    maxIvrMenus: z.number().nullable(),
    audioMb: z.number(),
  }),
  lines: z.array(z.object({ name: z.string(), number: z.string() })),
  numbers: z.array(z.object({ name: z.string(), number: z.string() })),
});
export type TenantDetail = z.infer<typeof tenantDetailSchema>;

export const tenantDeleteQuerySchema = z.object({
  /** The domain name typed to confirm. */
  confirm: z.string().max(253).default(''),
});

/** Starting to act inside a tenant: why. */
export const actingStartSchema = z.object({
  reason: z
    .string({ error: tenantMessages.reason })
    .trim()
    .min(1, tenantMessages.reason)
    .max(200, tenantMessages.reason),
});
/** How long acting inside a tenant lasts before it ends by itself. */
export const ACTING_HOURS = 2;

/** The provider's current acting inside a tenant, or null. */
export const actingSchema = z
  .object({
    domainUuid: z.string(),
    domainName: z.string(),
    reason: z.string(),
    /** ISO 8601: when it ends by itself. */
    until: z.string(),
  })
  .nullable();
export type Acting = z.infer<typeof actingSchema>;

/** One provider (SP) user. */
export const spUserSchema = z.object({
  userUuid: z.string(),
  username: z.string(),
  userNm: z.string(),
  enabled: z.boolean(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** ISO 8601 of the last successful sign-in, or null. */
  lastLoginAt: z.string().nullable(),
});
export type SpUser = z.infer<typeof spUserSchema>;

/** Create (no userUuid) or edit a provider user; a new one without a password gets one generated. */
export const spUserSaveSchema = z.object({
  userUuid: z.guid().optional(),
  username: loginIdSchema,
  userNm: nameSchema('氏名'),
  enabled: z.boolean(),
  password: passwordSchema.optional(),
});
export type SpUserSave = z.input<typeof spUserSaveSchema>;

/** A password shown once (created account or reset); null when the one typed was kept. */
export const shownPasswordSchema = z.object({ userUuid: z.string(), password: z.string().nullable() });

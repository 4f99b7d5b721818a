import { z } from 'zod';
import { pageQuerySchema, pageSchema } from './paging';

/** The audit trail (操作履歴): sign-ins and every change users make, per tenant. */

/** What each part of a recorded action means in Japanese (the action is `subject.verb`, e.g. `extension.save`). */
const SUBJECTS: Record<string, string> = {
  login: 'サインイン',
  user: 'ユーザー',
  extension: '内線番号',
  destination: '着信番号設定',
  ringGroup: 'グループ設定',
  ivr: 'IVR設定',
  schedule: '営業時間',
  speedDial: '短縮ダイヤル',
  recording: '音声ファイル',
  verto: 'ソフトフォン',
  'verto.login': 'ソフトフォンのサインイン',
  customer: '顧客情報',
  layout: '顧客画面レイアウト',
};
const VERBS: Record<string, string> = {
  success: '成功',
  failure: '失敗',
  save: '保存',
  create: '作成',
  delete: '削除',
  upload: 'アップロード',
  password: 'パスワード変更',
  passwordFailure: 'パスワード変更の失敗',
  passwordReset: 'パスワード再発行',
  forceLogout: '強制サインアウト',
  sessionMax: '同時サインイン数の上限',
  endOldestSession: '最も古いセッションの終了',
  import: 'インポート',
};

/** The actions the filter offers, in the order it lists them. */
export const AUDIT_ACTIONS = [
  'login.success',
  'login.failure',
  'login.sessionMax',
  'login.endOldestSession',
  'logout',
  'verto.login.success',
  'verto.login.failure',
  'user.save',
  'user.password',
  'user.passwordFailure',
  'user.forceLogout',
  'extension.create',
  'extension.save',
  'extension.passwordReset',
  'extension.delete',
  'destination.create',
  'destination.save',
  'destination.delete',
  'ringGroup.save',
  'ringGroup.delete',
  'ivr.save',
  'ivr.delete',
  'schedule.save',
  'schedule.delete',
  'speedDial.save',
  'speedDial.delete',
  'recording.upload',
  'recording.save',
  'recording.delete',
  'customer.create',
  'customer.save',
  'customer.delete',
  'customer.import',
  'layout.save',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The Japanese name of a recorded action, e.g. 内線番号の保存; an action of no known subject keeps its code. */
export function auditActionLabel(action: string): string {
  if (action === 'logout') return 'サインアウト';
  const cut = action.lastIndexOf('.');
  const subject = SUBJECTS[action.slice(0, cut)];
  const verb = VERBS[action.slice(cut + 1)];
  return subject && verb ? `${subject}の${verb}` : action;
}

/** Columns the audit list may be sorted by. */
export const AUDIT_SORT_FIELDS = ['createdAt', 'username', 'action', 'ip'] as const;

const instant = z.iso.datetime({ offset: true, error: '日時の形式が正しくありません。' });

/** Query of GET /v1/audit/:domainUuid (and its export): paging plus the filters. */
export const auditQuerySchema = pageQuerySchema(AUDIT_SORT_FIELDS, 'createdAt,desc', {
  /** One login ID, exactly. */
  username: z.string().trim().max(200).optional(),
  action: z.enum(AUDIT_ACTIONS, { error: '操作の種類が正しくありません。' }).optional(),
  /** From this instant on (inclusive). */
  from: instant.optional(),
  /** Before this instant (exclusive). */
  to: instant.optional(),
  /** A provider's view of every tenant (with their own), instead of the one named. */
  allTenants: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

/** One entry of the audit trail. */
export const auditEntrySchema = z.object({
  auditId: z.number(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** Null for a failed sign-in of an unknown ID. */
  domainUuid: z.string().nullable(),
  /** The tenant's domain name ('' when none). */
  domainName: z.string(),
  username: z.string(),
  action: z.string(),
  /** What was acted on (an id or a name). */
  target: z.string(),
  /** What was saved (the values after the change), a failure's reason, or null. */
  detail: z.record(z.string(), z.unknown()).nullable(),
  /** The client's address. */
  ip: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = pageSchema(auditEntrySchema);

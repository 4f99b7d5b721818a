import { z } from 'zod';
import { pageQuerySchema, pageSchema } from './paging';

/** The audit trail (操作履歴): sign-ins and every change users make, per tenant. */

/** What each part of a recorded action means in Japanese (the action is `subject.verb`, e.g. `extension.save`). */
const SUBJECTS: Record<string, string> = {
  login: 'サインイン',
  user: 'ユーザー',
  userGroup: 'プレゼンスグループ',
  extension: '内線番号',
  destination: '着信番号設定',
  ringGroup: 'グループ設定',
  ivr: 'IVR設定',
  schedule: '営業時間',
  speedDial: '短縮ダイヤル',
  recording: '音声ファイル',
  callRecording: '通話録音',
  verto: 'ソフトフォン',
  'verto.login': 'ソフトフォンのサインイン',
  twoStep: '二段階認証',
  tenant: 'ドメイン',
  acting: '代理操作',
  spUser: 'SPユーザー',
  customer: '顧客情報',
  layout: '顧客画面レイアウト',
  voicemail: '留守番電話',
  'voicemail.greeting': '留守番電話の応答メッセージ',
  'voicemail.message': '留守番電話のメッセージ',
};
const VERBS: Record<string, string> = {
  success: '成功',
  failure: '失敗',
  save: '保存',
  create: '作成',
  delete: '削除',
  upload: 'アップロード',
  import: '取り込み',
  password: 'パスワード変更',
  passwordFailure: 'パスワード変更の失敗',
  passwordReset: 'パスワード再発行',
  forceLogout: '強制サインアウト',
  sessionMax: '同時サインイン数の上限',
  endOldestSession: '最も古いセッションの終了',
  enable: '有効化',
  disable: '無効化',
  recoveryCodes: 'リカバリーコード再発行',
  policy: '必須設定の変更',
  restore: '復元',
  purge: '完全削除',
  start: '開始',
  end: '終了',
  doNotDisturb: '着信拒否の切り替え',
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
  'twoStep.enable',
  'twoStep.disable',
  'twoStep.recoveryCodes',
  'twoStep.policy',
  'user.create',
  'user.delete',
  'user.passwordReset',
  'user.import',
  'userGroup.save',
  'userGroup.delete',
  'extension.create',
  'extension.save',
  'extension.passwordReset',
  'extension.delete',
  'extension.doNotDisturb',
  'voicemail.save',
  'voicemail.greeting.upload',
  'voicemail.greeting.delete',
  'voicemail.message.delete',
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
  'callRecording.save',
  'callRecording.start',
  'callRecording.end',
  'tenant.create',
  'tenant.save',
  'tenant.disable',
  'tenant.enable',
  'tenant.delete',
  'tenant.restore',
  'tenant.purge',
  'acting.start',
  'acting.end',
  'spUser.create',
  'spUser.save',
  'spUser.disable',
  'spUser.delete',
  'spUser.passwordReset',
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
  /** What was acted on by name, resolved when the entry was written ('' for entries older than that). */
  targetLabel: z.string(),
  /**
   * What was saved, a failure's reason, or null. An edit's `changes` maps each changed field to
   * `{ before, after }` (a secret shows as '***').
   */
  detail: z.record(z.string(), z.unknown()).nullable(),
  /** The client's address. */
  ip: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = pageSchema(auditEntrySchema);

/** An edit's detail.changes: each changed field with its value before and after. */
export const auditChangesSchema = z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() }));
export type AuditChanges = z.infer<typeof auditChangesSchema>;

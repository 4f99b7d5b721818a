import { z } from 'zod';
import { isOutsideNumber } from './calls';
import { pageQuerySchema, pageSchema } from './paging';

/** The recall list (折り返し): numbers waiting for a call back, one item per missed call or made by hand. */

export const RECALL_STATES = ['open', 'done'] as const;
export type RecallState = (typeof RECALL_STATES)[number];
export const RECALL_STATE_LABELS: Record<RecallState, string> = { open: '未対応', done: '対応済み' };

/** Whose items the list shows: assigned to me, to one of my presence groups (or me), or everyone's. */
export const RECALL_SCOPES = ['mine', 'groups', 'all'] as const;
export type RecallScope = (typeof RECALL_SCOPES)[number];
export const RECALL_SCOPE_LABELS: Record<RecallScope, string> = {
  mine: '自分の担当',
  groups: '自分のグループ',
  all: '全員',
};

export const RECALL_SORT_FIELDS = ['createdAt', 'dueAt', 'number'] as const;
/** The most items one bulk action changes. */
export const RECALL_BULK_MAX = 500;
export const RECALL_REASON_MAX = 500;

export const recallMessages = {
  notFound: '折り返しが見つかりません。',
  numberInvalid: '折り返し先の電話番号が正しくありません。',
  assigneeNotFound: '担当者またはグループが見つかりません。',
  bothAssignees: '担当者はユーザーかグループのどちらか一方を指定してください。',
  alreadyDone: 'この折り返しは対応済みです。',
} as const;

const flag = z
  .enum(['true', 'false'])
  .optional()
  .transform((value) => value === 'true');

/** Query of GET /v1/recall/:domainUuid: paging plus scope, state and overdue. */
export const recallQuerySchema = pageQuerySchema(RECALL_SORT_FIELDS, 'createdAt,desc', {
  scope: z.enum(RECALL_SCOPES).default('all'),
  state: z.enum(RECALL_STATES).default('open'),
  /** Only open items whose due time has passed. */
  overdue: flag,
});
export type RecallQuery = z.input<typeof recallQuerySchema>;

const nullableId = z.uuid().nullable().optional();

/** Body of POST /v1/recall: an item made by hand. */
export const recallCreateSchema = z
  .object({
    domainUuid: z.uuid().optional(),
    number: z
      .string()
      .trim()
      .max(40)
      .refine((n) => isOutsideNumber(n), recallMessages.numberInvalid),
    reason: z.string().trim().max(RECALL_REASON_MAX).default(''),
    customerUuid: nullableId,
    assigneeUserUuid: nullableId,
    assigneeGroupUuid: nullableId,
    dueAt: z.iso.datetime({ offset: true, error: '日時の形式が正しくありません。' }).nullable().optional(),
  })
  .refine((b) => !(b.assigneeUserUuid && b.assigneeGroupUuid), recallMessages.bothAssignees);
export type RecallCreate = z.input<typeof recallCreateSchema>;

/** Body of POST /v1/recall/bulk: assign or close many items at once. */
export const recallBulkSchema = z
  .object({
    domainUuid: z.uuid().optional(),
    recallUuids: z.array(z.uuid()).min(1).max(RECALL_BULK_MAX),
    action: z.enum(['assign', 'close']),
    /** For assign: the user or the group (both null: nobody, everyone's). */
    assigneeUserUuid: nullableId,
    assigneeGroupUuid: nullableId,
  })
  .refine((b) => !(b.assigneeUserUuid && b.assigneeGroupUuid), recallMessages.bothAssignees);
export type RecallBulk = z.input<typeof recallBulkSchema>;

/** One item as the list shows it. */
export const recallItemSchema = z.object({
  recallUuid: z.string(),
  number: z.string(),
  customerUuid: z.string().nullable(),
  /** The customer's name, or '未登録'. */
  customerName: z.string(),
  reason: z.string(),
  assigneeUserUuid: z.string().nullable(),
  assigneeGroupUuid: z.string().nullable(),
  /** The user's or group's name; '' when nobody is assigned (everyone's). */
  assigneeName: z.string(),
  /** ISO 8601. */
  dueAt: z.string().nullable(),
  overdue: z.boolean(),
  state: z.enum(RECALL_STATES),
  createdAt: z.string(),
  /** '' when created for a missed call. */
  createdByName: z.string(),
  /** The missed call it was made for. */
  callUuid: z.string().nullable(),
  doneAt: z.string().nullable(),
  doneByName: z.string(),
});
export type RecallItem = z.infer<typeof recallItemSchema>;
export const recallPageSchema = pageSchema(recallItemSchema);

/** Whether an open item is past its due time at `now`. */
export function isOverdue(item: { state: RecallState; dueAt: string | null }, now: Date): boolean {
  return item.state === 'open' && item.dueAt !== null && Date.parse(item.dueAt) < now.getTime();
}

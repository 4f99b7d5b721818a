import { z } from 'zod';
import { reasons } from '../reasons';
import { idSchema } from './shared';

/**
 * "Where used": which PBX objects refer to another one. The server finds the references (one module,
 * platform/pbx/usage.repository.ts); deleting an object in use is refused with `usageMessage` unless the
 * request asks to remove the references in the same transaction.
 */

/** The kinds of object a usage query can name (the `:kind` of GET /v1/pbx/usage/…). */
export const USAGE_KINDS = [
  'extension',
  'ringGroup',
  'ivr',
  'destination',
  'speedDial',
  'schedule',
  'recording',
] as const;
export const usageKindSchema = z.enum(USAGE_KINDS);
export type UsageKind = z.infer<typeof usageKindSchema>;

/** How a reference uses the object; each has its own label and its own clean-up on the server. */
export type UsageRefKind =
  /** A ring group rings the extension. */
  | 'ringGroupMember'
  /** A ring group transfers there (or plays the recording) when nobody answers. */
  | 'ringGroupTimeout'
  /** A ring group plays the recording before ringing. */
  | 'ringGroupGreeting'
  /** An IVR digit sends the caller there. */
  | 'ivrOption'
  /** An IVR menu's announcement. */
  | 'ivrGreeting'
  /** A business-hours condition's action (target, transfer number or announcement). */
  | 'scheduleAction'
  /** A business-hours condition's absence announcement. */
  | 'scheduleAbsence'
  /** An incoming number follows the schedule. */
  | 'destination'
  /** A speed dial dials the number. */
  | 'speedDial'
  /** A user's phone is the extension. */
  | 'user'
  /** An extension forwards every call there. */
  | 'extensionForward';

/** One reference to an object. */
export const usageRefSchema = z.object({
  kind: z.enum([
    'ringGroupMember',
    'ringGroupTimeout',
    'ringGroupGreeting',
    'ivrOption',
    'ivrGreeting',
    'scheduleAction',
    'scheduleAbsence',
    'destination',
    'speedDial',
    'user',
    'extensionForward',
  ]),
  /** The referring object as users know it: a number, a schedule's name, a login ID. */
  owner: z.string(),
  /** A detail inside it: the IVR digit, the condition's name. */
  detail: z.string().nullable(),
});
export type UsageRef = z.infer<typeof usageRefSchema> & { kind: UsageRefKind };

/** GET /v1/pbx/usage/{domainUuid}/{kind}/{id}: the object's references (empty when unused). */
export const usageDataSchema = z.object({
  refs: z.array(usageRefSchema),
  /** usageMessage(refs), or '' when unused. */
  message: z.string(),
});
export type UsageData = z.infer<typeof usageDataSchema>;

/** The Japanese label of one reference, e.g. 'IVR 5000 の 1 番', 'グループ 300'. */
export function usageLabel(ref: Pick<UsageRef, 'kind' | 'owner' | 'detail'>): string {
  const { owner, detail } = ref;
  switch (ref.kind) {
    case 'ringGroupMember':
      return `グループ ${owner}`;
    case 'ringGroupTimeout':
      return `グループ ${owner} の不在時の動作`;
    case 'ringGroupGreeting':
      return `グループ ${owner} のアナウンス`;
    case 'ivrOption':
      return `IVR ${owner} の ${detail ?? ''} 番`;
    case 'ivrGreeting':
      return `IVR ${owner} のアナウンス`;
    case 'scheduleAction':
      return `営業時間「${owner}」の「${detail ?? ''}」`;
    case 'scheduleAbsence':
      return `営業時間「${owner}」の「${detail ?? ''}」の不在アナウンス`;
    case 'destination':
      return `着信番号 ${owner}`;
    case 'speedDial':
      return `短縮ダイヤル ${owner}`;
    case 'user':
      return `ユーザー ${owner}`;
    case 'extensionForward':
      return `内線 ${owner} の転送先`;
  }
}

/** 「使用中: IVR 5000 の 1 番、グループ 300」; '' when nothing refers to the object. */
export function usageMessage(refs: readonly Pick<UsageRef, 'kind' | 'owner' | 'detail'>[]): string {
  if (refs.length === 0) return '';
  return `使用中: ${refs.map(usageLabel).join('、')}`;
}

/** The delete endpoints' query: `?removeReferences=true` removes every reference in the same transaction. */
export const deleteQuerySchema = z.object({
  removeReferences: z.enum(['true', 'false']).optional(),
  domainUuid: idSchema.optional(),
});
export type DeleteQuery = z.infer<typeof deleteQuerySchema>;

export const usageMessages = {
  /** A reference that cannot be removed (an IVR needs its announcement). */
  notRemovable: reasons.referenceNotRemovable,
  /** Shown for a stored target that no longer exists. */
  deleted: '削除済み',
} as const;

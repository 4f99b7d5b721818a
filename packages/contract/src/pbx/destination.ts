import { z } from 'zod';
import { reasons } from '../reasons';
import { idSchema } from './shared';

/** An incoming number as listed (spec 3 "Destination"). */
export const destinationSchema = z.object({
  id: idSchema,
  destinationNumber: z.string(),
  /** Display name. */
  destinationCidNamePrefix: z.string().nullable(),
  /** '<dialplanNumber> XML <context>': the business-hours schedule the number follows. */
  destinationData: z.string().nullable(),
  /** 'true' = 利用; any other value reads 停止. */
  destinationEnabled: z.string().nullable(),
});
export type Destination = z.infer<typeof destinationSchema>;

/** A business-hours schedule offered in the select (data.tcDialplanList). */
export const dialplanChoiceSchema = z.object({
  dialplanNumber: z.string(),
  dialplanName: z.string(),
});
export type DialplanChoice = z.infer<typeof dialplanChoiceSchema>;

/** GET /v1/destination/{domainUuid}. */
export const destinationListDataSchema = z.object({
  list: z.array(destinationSchema),
  tcDialplanList: z.array(dialplanChoiceSchema),
});
export type DestinationListData = z.infer<typeof destinationListDataSchema>;

/** POST /v1/destination: the edit dialog's fields; the server derives destinationData. */
export const destinationSaveRequestSchema = z.object({
  id: idSchema,
  destinationCidNamePrefix: z.string().max(100).nullish(),
  /** The chosen dialplanNumber (form-only). */
  destinationDataNum: z.string().max(32).nullish(),
  destinationEnabled: z.string().max(5).nullish(),
});
export type DestinationSaveRequest = z.infer<typeof destinationSaveRequestSchema>;

export const destinationMessages = {
  scheduleMissing: '業務時間は必須項目です',
  statusMissing: 'ステータスは必須項目です',
  numberFormat: '着信番号を確認してください。（数字3 ~ 20桁、先頭の+は可）',
  numberTaken: reasons.destinationNumberTaken,
} as const;

/** POST /v1/destination/create (provider only): the tenant, the number itself and the edit fields. */
export const destinationCreateRequestSchema = destinationSaveRequestSchema.omit({ id: true }).extend({
  domainUuid: idSchema,
  destinationNumber: z.string().regex(/^\+?\d{3,20}$/, destinationMessages.numberFormat),
});
export type DestinationCreateRequest = z.infer<typeof destinationCreateRequestSchema>;

/** First failing rule, or null. `dialplanNumbers`: the tenant's schedules (an unknown one counts as missing). */
export function destinationSaveError(
  input: DestinationSaveRequest,
  dialplanNumbers: readonly string[],
): string | null {
  if (!input.destinationDataNum || !dialplanNumbers.includes(input.destinationDataNum)) {
    return destinationMessages.scheduleMissing;
  }
  if (input.destinationEnabled !== 'true' && input.destinationEnabled !== 'false') {
    return destinationMessages.statusMissing;
  }
  return null;
}

/** destinationData for a schedule: '<dialplanNumber> XML <domainName>'. */
export function destinationData(dialplanNumber: string, domainName: string): string {
  return `${dialplanNumber} XML ${domainName}`;
}

/** The dialplanNumber a destinationData points at (its first word), or '' when there is none. */
export function dialplanNumberOf(data: string | null | undefined): string {
  return data?.trim().split(/\s+/)[0] ?? '';
}

/** The business-hours column: the name of the schedule the destination follows, or ''. */
export function dialplanNameOf(
  data: string | null | undefined,
  dialplans: readonly DialplanChoice[],
): string {
  const number = dialplanNumberOf(data);
  return dialplans.find((d) => d.dialplanNumber === number)?.dialplanName ?? '';
}

import { z } from 'zod';
import { reasons } from '../reasons';
import { idSchema, isDigitsIn, PHONE_EXAMPLE } from './shared';

/** The commGroup of speed-dial rows in the common-item table. */
export const SPEED_DIAL_GROUP = 'speed-dial';
/** Speed numbers: two digits, 01–99. */
export const SPEED_DIAL_NUMBER_RANGE = { min: 1, max: 99 } as const;
/** Placeholder of the speed-number input. */
export const SPEED_DIAL_NUMBER_PLACEHOLDER = '01 ~ 99';

/** A speed dial as listed (spec 3 "Speed dial (common item)"). */
export const speedDialSchema = z.object({
  commUuid: idSchema,
  domainUuid: idSchema,
  commGroup: z.literal(SPEED_DIAL_GROUP),
  /** The speed number, '01'–'99'. */
  commName: z.string(),
  /** The phone number dialled. */
  commSub1: z.string(),
  /** Memo. */
  commSub2: z.string().nullable(),
});
export type SpeedDial = z.infer<typeof speedDialSchema>;

/** POST /v1/common/speedDial/; commUuid absent or null creates an entry. */
export const speedDialSaveRequestSchema = z.object({
  commUuid: idSchema.nullish(),
  domainUuid: idSchema.optional(),
  commGroup: z.literal(SPEED_DIAL_GROUP).default(SPEED_DIAL_GROUP),
  commName: z.string().max(16),
  commSub1: z.string().max(32),
  commSub2: z.string().max(255).nullish(),
});
export type SpeedDialSaveRequest = z.infer<typeof speedDialSaveRequestSchema>;

export const speedDialMessages = {
  numberTaken: reasons.speedDialNumberTaken,
  numberFormat: '短縮番号を確認してください。 (ex: 01 ~ 99)',
  phoneFormat: `電話番号を確認してください。 (ex: ${PHONE_EXAMPLE})`,
} as const;

/** True for a two-digit speed number from 01 to 99. */
export function isSpeedDialNumber(text: string): boolean {
  return /^\d{2}$/.test(text) && isDigitsIn(text, SPEED_DIAL_NUMBER_RANGE);
}

/**
 * First failing speed-dial rule, or null, in the spec's order. `existing`: the tenant's speed dials.
 * A number held by another entry is a duplicate; on create (no commUuid) that is any entry.
 */
export function speedDialSaveError(
  entry: Pick<SpeedDialSaveRequest, 'commUuid' | 'commName' | 'commSub1'>,
  existing: readonly Pick<SpeedDial, 'commUuid' | 'commName'>[],
): string | null {
  if (existing.some((e) => e.commName === entry.commName && e.commUuid !== entry.commUuid)) {
    return speedDialMessages.numberTaken;
  }
  if (!isSpeedDialNumber(entry.commName)) return speedDialMessages.numberFormat;
  if (!/^\d{2,}$/.test(entry.commSub1)) return speedDialMessages.phoneFormat;
  return null;
}

import { z } from 'zod';
import { callRecordingRefSchema } from './call-recording';
import { MAX_PAGE_NUMBER, pageAnchorParam } from './paging';

/** Call history page size (spec 9). */
export const CDR_PAGE_SIZE = 10;
/** displayName of a number that is not a registered customer. */
export const UNREGISTERED = '未登録';
/** How an anonymous caller's number arrives. */
export const ANONYMOUS = 'Anonymous';

/**
 * Query of POST /v1/cdr/ext: `size`, zero-based `page`, `sort=startStamp,DESC|ASC`, and optionally the
 * `anchor` of a page the client holds (see paging.ts), from which a nearby page is read by keyset.
 */
export const cdrQuerySchema = z.object({
  size: z.coerce.number().int().min(1).max(100).default(CDR_PAGE_SIZE),
  page: z.coerce.number().int().min(0).max(MAX_PAGE_NUMBER).default(0),
  sort: z
    .enum(['startStamp,DESC', 'startStamp,ASC', 'startStamp,desc', 'startStamp,asc'])
    .default('startStamp,DESC'),
  anchor: pageAnchorParam.optional(),
});

/** Body of POST /v1/cdr/ext: whose history (one's own extension). */
export const cdrRequestSchema = z.object({
  domainUuid: z.uuid(),
  extensionUuid: z.uuid(),
});

export const callDirectionSchema = z.enum(['inbound', 'outbound', 'local']);
export type CallDirection = z.infer<typeof callDirectionSchema>;

/** One call record as the history lists it (spec 3 "Call record"). */
export const cdrItemSchema = z.object({
  cdrUuid: z.string(),
  direction: callDirectionSchema,
  callerIdName: z.string(),
  /** May be 'Anonymous'. */
  callerIdNumber: z.string(),
  destinationNumber: z.string(),
  /** The other party's name; '未登録' when the number is no registered customer. */
  displayName: z.string(),
  /** Seconds talked; 0 means unanswered or missed. */
  billsec: z.number(),
  /**
   * This phone rang but the call was taken on another one (a colleague in the ring group, a pick-up,
   * another of one's own devices): not missed. Absent: false.
   */
  answeredElsewhere: z.boolean().optional(),
  /** ISO 8601. */
  startStamp: z.string(),
  /** The call's recordings (通話録音), oldest first; absent when none. */
  recordings: z.array(callRecordingRefSchema).optional(),
});
export type CdrItem = z.infer<typeof cdrItemSchema>;

export { pageSchema, type Page } from './paging';

/**
 * The number to call back, the other party: the destination of an outbound call, else the caller (spec
 * 2.4) — except for a local call the viewer placed, whose caller is the viewer's own extension
 * (`ownNumber`) and whose other party is the destination.
 */
export function cdrDialNumber(
  cdr: Pick<CdrItem, 'direction' | 'destinationNumber' | 'callerIdNumber'>,
  ownNumber: string | null,
): string {
  if (cdr.direction === 'outbound') return cdr.destinationNumber;
  if (cdr.direction === 'local' && ownNumber && cdr.callerIdNumber === ownNumber)
    return cdr.destinationNumber;
  return cdr.callerIdNumber;
}

/**
 * Hang-up causes of a rung leg whose call was taken on another phone: a fork's losers (LOSE_RACE,
 * FreeSWITCH's and the sandbox's) and a call picked up from it (PICKED_OFF, FreeSWITCH's intercept).
 */
export const ANSWERED_ELSEWHERE_CAUSES: readonly string[] = ['LOSE_RACE', 'PICKED_OFF'];

/** Whether an unanswered leg's call was taken on another phone. */
export function answeredElsewhere(leg: { billsec: number; hangupCause: string }): boolean {
  return !leg.billsec && ANSWERED_ELSEWHERE_CAUSES.includes(leg.hangupCause);
}

/** Missed or unanswered: billsec 0 or missing, and nobody else took the call. */
export function isMissed(cdr: Pick<CdrItem, 'billsec' | 'answeredElsewhere'>): boolean {
  return !cdr.billsec && !cdr.answeredElsewhere;
}

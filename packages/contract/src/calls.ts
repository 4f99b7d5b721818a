/**
 * The call model: one call is everything that happened between an outside caller (or a colleague) and
 * the tenant, however many legs the engine needed (a ring group that rang five phones is one call).
 * Both engines deliver legs; `foldCall` builds the call from them, and every screen (own history,
 * tenant history, customer timeline, recall list, dashboard, analysis) reads calls. "Missed" and every
 * other result are defined here, once.
 */
import { z } from 'zod';
import { ANONYMOUS } from './cdr';

/** How a call ended for the tenant (one per call). */
export const CALL_RESULTS = [
  'answered',
  'missed',
  'abandoned_ivr',
  'voicemail',
  'out_of_hours',
  'busy',
  'failed',
] as const;
export const callResultSchema = z.enum(CALL_RESULTS);
export type CallResult = z.infer<typeof callResultSchema>;

/** Which way a call went: from outside, to outside, or between the tenant's own numbers. */
export const CALL_KINDS = ['inbound', 'outbound', 'internal'] as const;
export const callKindSchema = z.enum(CALL_KINDS);
export type CallKind = z.infer<typeof callKindSchema>;

/** Japanese labels and the definition each result's tooltip shows. */
export const CALL_RESULT_LABELS: Record<CallResult, { label: string; definition: string }> = {
  answered: { label: '応答', definition: '担当者(内線または転送先)が電話に出た通話です。' },
  missed: {
    label: '不在',
    definition: '着信したが、呼び出した内線・着信グループの誰も電話に出ないまま終わった通話です。',
  },
  abandoned_ivr: {
    label: 'IVR放棄',
    definition: '自動音声案内(IVR)の途中で発信者が電話を切った通話です。',
  },
  voicemail: { label: '留守番電話', definition: '誰も出ずに留守番電話につながった通話です。' },
  out_of_hours: {
    label: '時間外',
    definition: '営業時間外・休日のスケジュールで受けた着信で、誰も電話に出なかった通話です。',
  },
  busy: { label: '話中', definition: '相手または内線が話中で、つながらなかった通話です。' },
  failed: {
    label: '不通',
    definition: '発信先が存在しない・応答がないなどの理由で、つながらなかった通話です。',
  },
};

export const CALL_KIND_LABELS: Record<CallKind, string> = {
  inbound: '着信',
  outbound: '発信',
  internal: '内線',
};

/** Where a leg was when it ended, as far as the result cares. */
export const LEG_STAGES = ['', 'ivr', 'voicemail', 'park'] as const;
export type LegStage = (typeof LEG_STAGES)[number];

/** One leg of a call as both engines report it (the facts the fold needs). */
export interface CallLegFacts {
  /** The leg's own id. */
  legUuid: string;
  /** The call it belongs to: the originating leg's id. */
  callId: string;
  /** The leg that started the call (the caller's side); false for legs it rang. */
  originating: boolean;
  direction: 'inbound' | 'outbound' | 'local';
  /** The tenant extension whose leg this is; null for the outside party's side. */
  extension: string | null;
  callerIdNumber: string;
  destinationNumber: string;
  startStamp: Date;
  answerStamp: Date | null;
  endStamp: Date;
  hangupCause: string;
  /** Was connected to another party (a person, not an announcement or voicemail). */
  bridged: boolean;
  endedIn: LegStage;
  /** An incoming number's schedule sent it to its out-of-hours branch (see isOutOfHoursCondition). */
  outOfHours: boolean;
}

/** A call built from its legs. */
export interface FoldedCall {
  callId: string;
  kind: CallKind;
  /** The outside party's number as the engine gave it (null for internal calls). */
  outsideNumber: string | null;
  /** The tenant's number the outside caller dialled (inbound only). */
  incomingNumber: string | null;
  /** Who answered (inbound) or placed (outbound, internal) the call; null when nobody. */
  agentExtension: string | null;
  /** For internal calls: the extension called. */
  calleeNumber: string | null;
  startStamp: Date;
  answerStamp: Date | null;
  endStamp: Date;
  ringSeconds: number;
  talkSeconds: number;
  result: CallResult;
  legCount: number;
}

/** Causes that mean the far end was busy or refused (FreeSWITCH / Q.850 names). */
const BUSY_CAUSES = new Set(['USER_BUSY', 'CALL_REJECTED', 'NORMAL_CIRCUIT_CONGESTION']);
/** Causes that mean the number could not be reached at all. */
const FAILURE_CAUSES = new Set([
  'NO_ROUTE_DESTINATION',
  'UNALLOCATED_NUMBER',
  'INVALID_NUMBER_FORMAT',
  'NETWORK_OUT_OF_ORDER',
  'DESTINATION_OUT_OF_ORDER',
  'SERVICE_UNAVAILABLE',
  'INCOMPATIBLE_DESTINATION',
  'RECOVERY_ON_TIMER_EXPIRE',
  'GATEWAY_DOWN',
  'NORMAL_TEMPORARY_FAILURE',
  'NO_USER_RESPONSE',
  'SUBSCRIBER_ABSENT',
]);

/**
 * A schedule condition that means the office is closed: the schedule's default (every time no
 * business-hours condition covers) and the holiday condition.
 */
export function isOutOfHoursCondition(type: string): boolean {
  return type === 'anti' || type === 'holiday';
}

/** The leg the call is seen from: the originating one, else (no caller leg kept) the earliest. */
function rootOf(legs: CallLegFacts[]): CallLegFacts {
  const byStart = [...legs].sort((a, b) => a.startStamp.getTime() - b.startStamp.getTime());
  return byStart.find((l) => l.originating) ?? byStart[0]!;
}

const seconds = (from: Date, to: Date) => Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000));

/** The call's kind from the caller's leg: an outside caller is inbound; an extension's call is internal unless it left. */
function kindOf(root: CallLegFacts, legs: CallLegFacts[]): CallKind {
  if (root.direction === 'inbound') return 'inbound';
  if (root.direction === 'outbound') return 'outbound';
  // A local caller leg whose call reached a leg of no extension went outside.
  return legs.some((l) => !l.originating && l.extension === null && l.direction === 'outbound')
    ? 'outbound'
    : 'internal';
}

/** The result, in order of what tells most: answered; then why nobody did. */
function resultOf(kind: CallKind, root: CallLegFacts, legs: CallLegFacts[], answered: boolean): CallResult {
  if (answered) return 'answered';
  const rung = legs.filter((l) => l !== root);
  const causes = [root, ...rung].map((l) => l.hangupCause);
  if (kind === 'outbound') return causes.some((c) => BUSY_CAUSES.has(c)) ? 'busy' : 'failed';
  if (legs.some((l) => l.outOfHours)) return 'out_of_hours';
  if (legs.some((l) => l.endedIn === 'voicemail')) return 'voicemail';
  if (root.endedIn === 'ivr') return 'abandoned_ivr';
  // Every phone rung refused it (or the one called was busy).
  if (rung.length > 0 ? rung.every((l) => BUSY_CAUSES.has(l.hangupCause)) : BUSY_CAUSES.has(root.hangupCause))
    return 'busy';
  if (rung.length === 0 && FAILURE_CAUSES.has(root.hangupCause)) return 'failed';
  return 'missed';
}

/**
 * Builds one call from all its legs (any order; a leg delivered twice counts once). The call is
 * answered when any leg was connected to a person; the first such connection is who answered.
 */
export function foldCall(allLegs: CallLegFacts[]): FoldedCall {
  if (allLegs.length === 0) throw new Error('foldCall needs at least one leg');
  const legs = [...new Map(allLegs.map((l) => [l.legUuid, l])).values()];
  const root = rootOf(legs);
  const kind = kindOf(root, legs);
  const connected = legs
    .filter((l) => l.bridged && l.endedIn !== 'voicemail')
    .sort((a, b) => (a.answerStamp?.getTime() ?? Infinity) - (b.answerStamp?.getTime() ?? Infinity));
  // The person who took an incoming call is on a rung leg; the caller's own leg is bridged too.
  const taker =
    connected.find((l) => l !== root && l.extension !== null) ?? connected.find((l) => l !== root);
  const answered = connected.length > 0;
  const answerStamp = answered ? (taker?.answerStamp ?? connected[0]!.answerStamp ?? root.startStamp) : null;
  const startStamp = root.startStamp;
  const endStamp = new Date(Math.max(...legs.map((l) => l.endStamp.getTime())));
  const result = resultOf(kind, root, legs, answered);
  return {
    callId: root.callId,
    kind,
    outsideNumber:
      kind === 'inbound' ? root.callerIdNumber : kind === 'outbound' ? root.destinationNumber : null,
    incomingNumber: kind === 'inbound' ? root.destinationNumber : null,
    agentExtension: kind === 'inbound' ? (taker?.extension ?? null) : root.extension,
    calleeNumber: kind === 'internal' ? (taker?.extension ?? root.destinationNumber) : null,
    startStamp,
    answerStamp,
    endStamp,
    ringSeconds: seconds(startStamp, answerStamp ?? endStamp),
    talkSeconds: answerStamp ? seconds(answerStamp, endStamp) : 0,
    result,
    legCount: legs.length,
  };
}

/**
 * The key a number is matched by (calls ↔ recall items ↔ customers). For now its digits (full-width
 * ones too); the customer records replace the body with normalizePhoneNumber (phone-number.ts) so
 * '+81 3-1234-5678' and '03-1234-5678' meet. Null when there is nothing to match.
 */
export function numberKey(raw: string | null): string | null {
  if (!raw) return null;
  const digits = raw
    .replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0))
    .replace(/\D/g, '');
  return digits === '' ? null : digits;
}

/** Whether a number can be called back or be a customer: not an extension (≤ 4 digits), not anonymous. */
export function isOutsideNumber(number: string | null): number is string {
  return !!number && number !== ANONYMOUS && number.replace(/\D/g, '').length > 4;
}

/**
 * "Missed" as every count uses it (dashboard, call history filter, analysis, recall list): an incoming
 * call that reached the tenant and nobody took — rang out, abandoned in the IVR, sent to voicemail,
 * closed hours or busy. A call that could not be routed at all (failed) is not missed.
 */
export function isMissedCall(call: Pick<FoldedCall, 'kind' | 'result'>): boolean {
  return call.kind === 'inbound' && (MISSED_RESULTS as readonly CallResult[]).includes(call.result);
}

/** The results of a missed incoming call (what isMissedCall means, for SQL filters). */
export const MISSED_RESULTS = CALL_RESULTS.filter((r) => r !== 'answered' && r !== 'failed');

/** A missed call from a real number waits for a call back: one recall item per such call. */
export function needsRecall(call: Pick<FoldedCall, 'kind' | 'result' | 'outsideNumber'>): boolean {
  return isMissedCall(call) && isOutsideNumber(call.outsideNumber);
}

/** A completed conversation with the number (either direction) closes its open recall items. */
export function closesRecall(call: Pick<FoldedCall, 'kind' | 'result' | 'outsideNumber'>): boolean {
  return call.kind !== 'internal' && call.result === 'answered' && isOutsideNumber(call.outsideNumber);
}

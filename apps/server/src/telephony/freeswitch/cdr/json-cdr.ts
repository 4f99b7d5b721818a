import { z } from 'zod';
import type { LegStage } from '@tsunagu/contract';
import type { CallRecord } from '../types';

/** The post could not be read as a mod_json_cdr record. */
export class CdrParseError extends Error {
  override name = 'CdrParseError';
}

const callerProfileSchema = z.looseObject({
  caller_id_name: z.string().optional(),
  caller_id_number: z.string().optional(),
  ani: z.string().optional(),
  destination_number: z.string().optional(),
  context: z.string().optional(),
});

const callflowSchema = z.looseObject({
  profile_index: z.string().optional(),
  caller_profile: callerProfileSchema,
});

const jsonCdrSchema = z.looseObject({
  variables: z.record(z.string(), z.unknown()),
  // An array in current FreeSWITCH (newest profile first); a single object in old versions.
  callflow: z.union([z.array(callflowSchema), callflowSchema]).optional(),
});

type CallerProfile = z.infer<typeof callerProfileSchema>;

/** Options for reading a record. */
export interface JsonCdrOptions {
  /**
   * Whether the `variables` values are URL-encoded (mod_json_cdr `encode-values`, on by default).
   * Detected from the record when not given.
   */
  encodedValues?: boolean;
  /** Whether a number belongs to the tenant (extension, feature code …) rather than the outside. */
  isInternalNumber?: (number: string) => boolean;
}

/** Default: up to six digits, optionally after '*', is an internal number. */
export const isShortNumber = (number: string): boolean => /^\*?\d{1,6}$/.test(number);

// mod_json_cdr posts JSON as is, or — with its `encode` setting — as a form field `cdr=`,
// URL-encoded or base64.
function decodeBody(body: string, contentType: string): unknown {
  const trimmed = body.trim();
  if (trimmed.startsWith('{')) return JSON.parse(trimmed);
  if (!trimmed.startsWith('cdr=')) throw new CdrParseError('CDR の形式が不明です');
  // Base64 may hold '+', which form decoding would turn into spaces: decode it from the raw text.
  if (contentType.includes('base64')) {
    return JSON.parse(Buffer.from(decodeURIComponent(trimmed.slice(4)), 'base64').toString('utf8'));
  }
  const field = new URLSearchParams(trimmed).get('cdr') ?? '';
  return JSON.parse(field.trim().startsWith('{') ? field : Buffer.from(field, 'base64').toString('utf8'));
}

// Characters FreeSWITCH's URL encoder always escapes. Finding one raw in a value proves the values
// were not encoded (start_stamp alone, "YYYY-MM-DD hh:mm:ss", always has a space).
const ALWAYS_ESCAPED = /[\s"#&+:;<=>?@[\\\]^`{|}]/;

function decodeValue(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return decodeCutValue(value);
  }
}

/**
 * FreeSWITCH 1.11.1 encodes each value into a buffer three times its length with no room for the end
 * of string: a value whose every byte needs escaping (a Japanese name: "田中 一郎") loses its last byte
 * (seen on the trial: "%E7…%E9%83"). What decodes is kept and the cut character dropped, so no
 * percent codes reach the history.
 */
function decodeCutValue(value: string): string {
  const bytes = Buffer.from(
    value.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  );
  return bytes.toString('utf8').replace(/\uFFFD+$/, '');
}

function variablesOf(raw: Record<string, unknown>, encoded: boolean | undefined): Map<string, string> {
  const entries = Object.entries(raw).filter((e): e is [string, string] => typeof e[1] === 'string');
  const isEncoded = encoded ?? !entries.some(([, v]) => ALWAYS_ESCAPED.test(v));
  return new Map(entries.map(([k, v]) => [k, isEncoded ? decodeValue(v) : v]));
}

const userOf = (address: string | undefined): string | undefined =>
  address?.includes('@') ? address.slice(0, address.lastIndexOf('@')) : undefined;
const domainOf = (address: string | undefined): string | undefined =>
  address?.includes('@') ? address.slice(address.lastIndexOf('@') + 1) : undefined;

function microsToDate(micros: string | undefined, seconds: string | undefined): Date | null {
  const us = Number(micros);
  if (Number.isFinite(us) && us > 0) return new Date(Math.floor(us / 1000));
  const s = Number(seconds);
  return Number.isFinite(s) && s > 0 ? new Date(s * 1000) : null;
}

const count = (value: string | undefined): number => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
};

/**
 * Who called whom, from one leg's record.
 *
 * A leg FreeSWITCH placed itself (click-to-call, originate) has its caller id "flipped" once it runs
 * the dialplan: the person whose phone rang first is then the one calling, towards wherever the
 * call was sent next (the transfer's destination, or the party that was shown on the phone).
 * Every other leg reads plainly: the caller id it presented, towards the number it dialled.
 */
function parties(v: Map<string, string>, profiles: CallerProfile[]) {
  const first = profiles[0] ?? {};
  const last = profiles[profiles.length - 1] ?? first;
  // 'u:<session>' is how a call to a verto softphone is addressed; name the user instead.
  const resolve = (number: string) =>
    number.startsWith('u:') ? (userOf(v.get('verto_user')) ?? v.get('dialed_user') ?? number) : number;
  const firstDestination = resolve(first.destination_number ?? '');

  if (v.get('channel_cid_flipped') === 'yes') {
    const transferred = last !== first && last.destination_number !== first.destination_number;
    return {
      callerIdNumber:
        userOf(v.get('presence_id')) ??
        userOf(v.get('verto_user')) ??
        v.get('dialed_user') ??
        firstDestination,
      callerIdName: v.get('effective_caller_id_name') ?? '',
      destinationNumber: transferred
        ? resolve(last.destination_number ?? '')
        : (v.get('origination_caller_id_number') ?? first.ani ?? ''),
    };
  }
  // A leg a phone placed shows the name its far end was shown: the directory's effective caller id
  // (or the incoming number's prefixed one), not the display name the phone's SIP From carried
  // (a desk phone sends "1003"; the callee saw 田中 一郎).
  const shown = v.get('direction') === 'inbound' ? v.get('effective_caller_id_name') : undefined;
  return {
    callerIdNumber: v.get('origination_caller_id_number') ?? first.caller_id_number ?? '',
    callerIdName: v.get('origination_caller_id_name') ?? shown ?? first.caller_id_name ?? '',
    destinationNumber: firstDestination,
  };
}

function directionOf(
  v: Map<string, string>,
  context: string,
  caller: string,
  destination: string,
  isInternal: (n: string) => boolean,
): CallRecord['direction'] {
  const declared = v.get('call_direction');
  if (declared === 'inbound' || declared === 'outbound' || declared === 'local') return declared;
  if (context === 'public') return 'inbound';
  const fromInside = isInternal(caller);
  const toInside = isInternal(destination);
  if (fromInside && toInside) return 'local';
  return !fromInside && toInside ? 'inbound' : 'outbound';
}

/**
 * What the dialplan left on a leg for the absence mails (dialplan/plan-translation.ts sets these):
 * the voicemail's address and the recorded length, a ring group's missed-call address, and whether
 * the leg was ever bridged to anyone.
 */
export interface AbsenceVariables {
  voicemail: { email: string; seconds: number } | null;
  missedCall: { email: string; groupName: string; groupNumber: string } | null;
  bridged: boolean;
}

/** Channel variables plan-translation sets for a ring group with a missed-call address. */
export const RING_GROUP_VARIABLES = {
  email: 'ring_group_missed_call_email',
  name: 'ring_group_name',
  number: 'ring_group_number',
} as const;

function absenceVariablesOf(v: Map<string, string>): AbsenceVariables {
  const voicemailEmail = v.get('voicemail_email')?.trim();
  const missedEmail = v.get(RING_GROUP_VARIABLES.email)?.trim();
  // `record` sets record_ms (and record_seconds) when it stops; neither exists when the caller left
  // before the beep.
  const recordMs = count(v.get('record_ms'));
  return {
    voicemail: voicemailEmail
      ? {
          email: voicemailEmail,
          seconds: recordMs > 0 ? Math.round(recordMs / 1000) : count(v.get('record_seconds')),
        }
      : null,
    missedCall: missedEmail
      ? {
          email: missedEmail,
          groupName: v.get(RING_GROUP_VARIABLES.name) ?? '',
          groupNumber: v.get(RING_GROUP_VARIABLES.number) ?? '',
        }
      : null,
    bridged: count(v.get('bridge_uepoch')) > 0 || count(v.get('bridge_epoch')) > 0,
  };
}

/** Channel variables plan-translation sets for the call model (see contract/calls.ts). */
export const CALL_MODEL_VARIABLES = {
  outOfHours: 'tsunagu_out_of_hours',
  voicemail: 'tsunagu_voicemail',
} as const;

/** Where the leg was when it ended: the voicemail plan marks itself; IVR and park are applications. */
function stageOf(v: Map<string, string>): LegStage {
  if (v.get(CALL_MODEL_VARIABLES.voicemail) === 'true') return 'voicemail';
  const app = v.get('last_app') ?? v.get('current_application') ?? '';
  if (app === 'ivr') return 'ivr';
  if (app === 'valet_park') return 'park';
  return '';
}

/** Normalises a parsed mod_json_cdr document into a call record. */
export function toCallRecord(document: unknown, options: JsonCdrOptions = {}): CallRecord {
  return readDocument(document, options).record;
}

function readDocument(
  document: unknown,
  options: JsonCdrOptions,
): { record: CallRecord; absence: AbsenceVariables } {
  const parsed = jsonCdrSchema.safeParse(document);
  if (!parsed.success) throw new CdrParseError('CDR に variables がありません');
  const v = variablesOf(parsed.data.variables, options.encodedValues);
  const uuid = v.get('uuid');
  const startStamp = microsToDate(v.get('start_uepoch'), v.get('start_epoch'));
  if (!uuid || !startStamp) throw new CdrParseError('CDR に uuid または開始時刻がありません');

  const flows = parsed.data.callflow;
  const profiles = (Array.isArray(flows) ? flows : flows ? [flows] : [])
    .slice()
    .sort((a, b) => Number(a.profile_index ?? 0) - Number(b.profile_index ?? 0));
  const callerProfiles = profiles.map((p) => p.caller_profile);
  const { callerIdNumber, callerIdName, destinationNumber } = parties(v, callerProfiles);
  const context = callerProfiles[0]?.context ?? '';
  const isInternal = options.isInternalNumber ?? isShortNumber;
  const isBLeg = v.has('originating_leg_uuid') || profiles.some((p) => 'originator' in p.caller_profile);

  // The leg's own phone first (its presence), then who signed in or was dialled, then the numbers.
  const identities = [
    userOf(v.get('presence_id')),
    v.get('user_name'),
    userOf(v.get('verto_user')),
    v.get('dialed_user'),
    ...[callerIdNumber, destinationNumber].filter(isInternal),
  ];
  const tenantContext = context && context !== 'default' && context !== 'public' ? context : undefined;

  const record: CallRecord = {
    uuid,
    // A rung leg names the leg that rang it (call_uuid is the leg's own on some bridges).
    callUuid: v.get('originating_leg_uuid') || v.get('call_uuid') || uuid,
    leg: isBLeg ? 'b' : 'a',
    direction: directionOf(v, context, callerIdNumber, destinationNumber, isInternal),
    callerIdNumber,
    callerIdName,
    destinationNumber,
    startStamp,
    answerStamp: microsToDate(v.get('answer_uepoch'), v.get('answer_epoch')),
    endStamp: microsToDate(v.get('end_uepoch'), v.get('end_epoch')) ?? startStamp,
    duration: count(v.get('duration')),
    billsec: count(v.get('billsec')),
    hangupCause: v.get('hangup_cause') ?? '',
    bridged: count(v.get('bridge_uepoch')) > 0 || count(v.get('bridge_epoch')) > 0,
    endedIn: stageOf(v),
    outOfHours: v.get(CALL_MODEL_VARIABLES.outOfHours) === 'true',
    extensions: [...new Set(identities.filter((x): x is string => !!x))],
    domainName:
      v.get('domain_name') ??
      v.get('dialed_domain') ??
      v.get('verto_host') ??
      domainOf(v.get('presence_id')) ??
      tenantContext ??
      null,
  };
  return { record, absence: absenceVariablesOf(v) };
}

/** Reads a mod_json_cdr POST body (JSON, or form-encoded `cdr=`) into a call record. */
export function parseJsonCdr(
  body: string | Buffer,
  contentType = '',
  options: JsonCdrOptions = {},
): CallRecord {
  return readJsonCdr(body, contentType, options).record;
}

/** Reads a mod_json_cdr POST body into a call record and the absence-mail variables it carries. */
export function readJsonCdr(
  body: string | Buffer,
  contentType = '',
  options: JsonCdrOptions = {},
): { record: CallRecord; absence: AbsenceVariables } {
  let document: unknown;
  try {
    document = decodeBody(typeof body === 'string' ? body : body.toString('utf8'), contentType.toLowerCase());
  } catch (err) {
    if (err instanceof CdrParseError) throw err;
    throw new CdrParseError(`CDR を読み取れません: ${(err as Error).message}`);
  }
  return readDocument(document, options);
}

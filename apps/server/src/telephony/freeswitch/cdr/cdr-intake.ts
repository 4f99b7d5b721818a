/** Turns a mod_json_cdr post into the call record the server stores (one per leg). */
import { join } from 'node:path';
import type { TenantConfigs } from '../../config';
import type { AbsenceMail, CallRecord } from '../../engine';
import { readJsonCdr, type AbsenceVariables } from './json-cdr';

/** What intake needs beyond the tenants. */
export interface CdrIntakeOptions {
  /**
   * FS_RECORDINGS_PATH: the directory FreeSWITCH's `recordings_dir` is, as this server reads it.
   * Voicemail messages are found under `voicemail/<domain>/<leg uuid>.wav` there; without it no
   * message is attached.
   */
  recordingsPath?: string;
}

// A leg uuid becomes part of a file path: only what FreeSWITCH's uuids look like.
const UUID = /^[0-9a-f][0-9a-f-]{7,63}$/i;

/**
 * The absence mails a leg calls for: a voicemail with an address, or a ring group with a missed-call
 * address whose caller was never put through to anyone (and left no voicemail, which has its own mail).
 */
function absenceOf(
  record: { uuid: string; callUuid: string },
  domainName: string,
  facts: AbsenceVariables,
  options: CdrIntakeOptions,
): AbsenceMail | undefined {
  const absence: AbsenceMail = { callId: record.callUuid };
  if (facts.voicemail) {
    const recording =
      options.recordingsPath && UUID.test(record.uuid)
        ? join(options.recordingsPath, 'voicemail', domainName, `${record.uuid}.wav`)
        : null;
    absence.voicemail = { ...facts.voicemail, recording };
  } else if (facts.missedCall && !facts.bridged) {
    absence.missedCall = facts.missedCall;
  }
  return absence.voicemail || absence.missedCall ? absence : undefined;
}

/**
 * The record of one leg, or null when there is nothing to keep: a fork that lost the race to answer
 * (another device of the same user took the call), or a leg of no tenant we know.
 * Throws CdrParseError when the body is not a call record.
 */
export async function callRecordOf(
  body: string | Buffer,
  contentType: string,
  configs: Pick<TenantConfigs, 'byDomainName'>,
  options: CdrIntakeOptions = {},
): Promise<CallRecord | null> {
  const { record, absence: facts } = readJsonCdr(body, contentType);
  if (record.hangupCause === 'LOSE_RACE' || !record.domainName) return null;
  const config = await configs.byDomainName(record.domainName);
  if (!config) return null;
  const absence = absenceOf(record, config.domainName, facts, options);
  return {
    domainName: config.domainName,
    // FreeSWITCH posts each leg, and may post one again: storing is idempotent on the leg's uuid.
    callUuid: record.uuid,
    // The first of the leg's identities (its own phone first) that is one of the tenant's extensions.
    extension: record.extensions.find((number) => config.extensions.has(number)) ?? null,
    direction: record.direction,
    callerIdName: record.callerIdName,
    callerIdNumber: record.callerIdNumber,
    destinationNumber: record.destinationNumber,
    startStamp: record.startStamp,
    answerStamp: record.answerStamp,
    endStamp: record.endStamp,
    billsec: record.billsec,
    hangupCause: record.hangupCause,
    callId: record.callUuid,
    originating: record.leg === 'a',
    bridged: record.bridged,
    endedIn: record.endedIn,
    outOfHours: record.outOfHours,
    ...(absence ? { absence } : {}),
  };
}

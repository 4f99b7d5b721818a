/** Turns a mod_json_cdr post into the call record the server stores (one per leg). */
import type { TenantConfigs } from '../../config';
import type { CallRecord } from '../../engine';
import { parseJsonCdr } from './json-cdr';

/**
 * The record of one leg, or null when there is nothing to keep: a fork that lost the race to answer
 * (another device of the same user took the call), or a leg of no tenant we know.
 * Throws CdrParseError when the body is not a call record.
 */
export async function callRecordOf(
  body: string | Buffer,
  contentType: string,
  configs: Pick<TenantConfigs, 'byDomainName'>,
): Promise<CallRecord | null> {
  const record = parseJsonCdr(body, contentType);
  if (record.hangupCause === 'LOSE_RACE' || !record.domainName) return null;
  const config = await configs.byDomainName(record.domainName);
  if (!config) return null;
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
  };
}

/** How the sandbox's legs look from outside: call state entries, park slots and call records. */
import { PARK_NUMBER_RANGE, type LegStage } from '@tsunagu/contract';
import type { AbsenceMail, CallRecord, CallStateEntry, ParkSlot } from '../engine';
import type { Leg } from './leg';

/** Spec 3 "Call state entry" for one leg, named as FreeSWITCH's `show channels` does. */
export function callStateEntry(leg: Leg): CallStateEntry {
  return {
    uuid: leg.uuid,
    extension: leg.extension ?? '',
    application: leg.application,
    dest: leg.dest,
    cid_num: leg.caller.number,
    callee_num: leg.callee.number,
    // As recorded: the calling leg sent the callee's number, a rung leg the caller's.
    sent_callee_num: leg.direction === 'inbound' ? leg.callee.number : leg.caller.number,
    direction: leg.direction,
    callstate: leg.state,
  };
}

/** The eight slots P1–P8 with whoever waits in them. */
export function parkSlots(parked: readonly (Leg | null)[]): ParkSlot[] {
  return parked.map((leg, index) => ({
    slot: index + 1,
    extension: String(PARK_NUMBER_RANGE.min + index),
    occupied: leg !== null,
    callerIdNumber: leg?.self.number ?? '',
    callerIdName: leg?.self.name ?? '',
  }));
}

/**
 * The absence mails a finished leg calls for, as FreeSWITCH's intake reads them: a voicemail with an
 * address (its length counted from the voicemail's start; no audio is kept), else a ring group with a
 * missed-call address when the caller was never put through to anyone.
 */
function absenceOf(leg: Leg, endStamp: Date): AbsenceMail | undefined {
  if (leg.voicemail) {
    const seconds = Math.max(0, Math.floor((endStamp.getTime() - leg.voicemail.startedAt.getTime()) / 1000));
    return { callId: leg.uuid, voicemail: { email: leg.voicemail.email, seconds, recording: null } };
  }
  if (leg.missedCallGroup && leg.answeredAt === null) {
    return { callId: leg.uuid, missedCall: { ...leg.missedCallGroup } };
  }
  return undefined;
}

/** The call record of a finished leg; billsec counts whole seconds from answer to end. */
export function callRecord(leg: Leg, cause: string, endStamp: Date): CallRecord {
  const answerStamp = leg.answeredAt;
  const absence = absenceOf(leg, endStamp);
  return {
    domainName: leg.domainName,
    callUuid: leg.uuid,
    extension: leg.extension,
    direction: leg.call.direction,
    callerIdName: leg.caller.name,
    callerIdNumber: leg.caller.number,
    destinationNumber: leg.destinationNumber,
    startStamp: leg.startedAt,
    answerStamp,
    endStamp,
    billsec: answerStamp ? Math.max(0, Math.floor((endStamp.getTime() - answerStamp.getTime()) / 1000)) : 0,
    hangupCause: cause,
    callId: leg.call.id,
    originating: leg.originating,
    bridged: leg.bridged,
    endedIn: stageOf(leg),
    outOfHours: leg.outOfHours,
    ...(absence ? { absence } : {}),
  };
}

/** Where a leg was when it ended, as the call's result reads it. */
function stageOf(leg: Leg): LegStage {
  if (leg.voicemail || leg.application === 'voicemail') return 'voicemail';
  if (leg.application === 'ivr') return 'ivr';
  if (leg.application === 'valet_park') return 'park';
  return '';
}

/**
 * What a dialled number does: plain data that both the sandbox exchange and the FreeSWITCH XML
 * generator follow. A plan never holds functions, so it can be logged, compared and serialised.
 * Plans share frozen parts with the tenant snapshot: treat every plan as read-only.
 */
import type { IvrDigit, RingGroupStrategy } from '@tsunagu/contract';
import type { ActionType, TimeConditionType } from '@tsunagu/contract';

/** The Q.850 causes (FreeSWITCH names) routing ends a call with. */
export type HangupCause =
  | 'NORMAL_CLEARING'
  | 'USER_BUSY'
  | 'NO_ANSWER'
  | 'UNALLOCATED_NUMBER'
  | 'NO_ROUTE_DESTINATION'
  | 'INVALID_NUMBER_FORMAT'
  | 'EXCHANGE_ROUTING_ERROR';

/** Why routing hangs up (finer than the cause, for call records, logs and tests), and its cause. */
export const HANGUP_CAUSES = {
  /** Empty, undialable or overlong input, or a request that is not a routing request. */
  'invalid-input': 'INVALID_NUMBER_FORMAT',
  /** Nothing in the tenant has the number (or a feature code the exchange does not offer). */
  'unknown-number': 'UNALLOCATED_NUMBER',
  /** The extension, ring group, IVR or incoming number is switched off. */
  disabled: 'UNALLOCATED_NUMBER',
  'speed-dial-unset': 'UNALLOCATED_NUMBER',
  /** A park code outside park+5901 … park+5908. */
  'park-slot-unknown': 'UNALLOCATED_NUMBER',
  'do-not-disturb': 'USER_BUSY',
  /** The caller reached their own extension (directly or through a forward), monitored or picked it up. */
  'self-call': 'USER_BUSY',
  /** The rung extension or group did not answer in time. */
  'no-answer': 'NO_ANSWER',
  /** An outside number, but the tenant has no usable gateway. */
  'no-gateway': 'NO_ROUTE_DESTINATION',
  /** The incoming number's schedule does not exist, is switched off or belongs to another context. */
  'schedule-missing': 'NO_ROUTE_DESTINATION',
  /** The schedule has no condition for the instant (not even a default). */
  'no-condition': 'NO_ROUTE_DESTINATION',
  /** The applying business-hours condition says hang up. */
  'schedule-hangup': 'NORMAL_CLEARING',
  /** An announcement action without a recording. */
  'announcement-missing': 'NORMAL_CLEARING',
  /** The IVR caller ran out of attempts. */
  'ivr-exit': 'NORMAL_CLEARING',
  /** Forwards or transfers lead back to a number already on the way. */
  loop: 'EXCHANGE_ROUTING_ERROR',
  /** More numbers than MAX_ROUTE_HOPS on the way. */
  'too-deep': 'EXCHANGE_ROUTING_ERROR',
} as const satisfies Record<string, HangupCause>;
export type HangupReason = keyof typeof HANGUP_CAUSES;

/** Numbers one decision may route through (the dialled one and every hop after it) before giving up. */
export const MAX_ROUTE_HOPS = 8;

/** One extension to ring, and on which kinds of device. */
export interface RingTarget {
  readonly extension: string;
  readonly extensionUuid: string;
  /** Display name (effectiveCallerIdName). */
  readonly name: string;
  /** Ring the extension's browser softphones (verto) as well as its desk phones (SIP). */
  readonly webPhones: boolean;
  readonly ringSeconds: number;
}

/**
 * Ring one extension; onNoAnswer applies when it does not answer within target.ringSeconds, onBusy
 * (the extension's voicemail box, when it takes busy calls) when its phones refuse the call.
 */
export interface RingExtensionPlan {
  readonly kind: 'extension';
  readonly target: RingTarget;
  readonly onNoAnswer: RoutePlan;
  readonly onBusy?: MailboxPlan;
}

/**
 * Ring a group: play the greeting first when set, then ring the members (all at once when not
 * sequential; otherwise one after another in the listed order, each for its ringSeconds), then
 * onNoAnswer. An empty member list goes straight to onNoAnswer. missedCallEmail is told of a call
 * nobody answered.
 */
export interface RingGroupPlan {
  readonly kind: 'ringGroup';
  readonly number: string;
  readonly name: string;
  readonly strategy: RingGroupStrategy;
  readonly sequential: boolean;
  readonly members: readonly RingTarget[];
  readonly greeting: string | null;
  readonly missedCallEmail: string | null;
  readonly onNoAnswer: RoutePlan;
}

/** What an IVR digit leads to: the number is re-entered in the tenant's context when pressed. */
export interface IvrChoice {
  readonly digit: IvrDigit;
  readonly number: string;
  readonly target: 'extension' | 'ringGroup' | 'ivr';
}

/**
 * How an IVR menu waits for its digit, with FreeSWITCH's stock ivr.conf values. A digit with no
 * choice counts as a failure and a silence of timeoutMs as a timeout; either replays the greeting,
 * until maxFailures or maxTimeouts is reached: then exitSound plays and the menu's onExit follows.
 */
export const IVR_SETTINGS = Object.freeze({
  timeoutMs: 10_000,
  interDigitTimeoutMs: 2_000,
  /** Every menu digit is one key (0–9, #, *), so a single key decides. */
  digitLength: 1,
  maxFailures: 3,
  maxTimeouts: 3,
  invalidSound: 'ivr/ivr-that_was_an_invalid_entry.wav',
  exitSound: 'voicemail/vm-goodbye.wav',
});
export type IvrSettings = typeof IVR_SETTINGS;

/**
 * An IVR menu. Choices are references, not nested plans: menus legitimately lead back to each other
 * ("0: main menu"), so a chosen number is routed when pressed, as FreeSWITCH's transfer does.
 */
export interface IvrPlan {
  readonly kind: 'ivr';
  readonly number: string;
  readonly name: string;
  /** Greeting recording filename. */
  readonly greeting: string;
  readonly choices: readonly IvrChoice[];
  readonly settings: IvrSettings;
  readonly onExit: HangupPlan;
}

/** Play a recording, then hang up with NORMAL_CLEARING. */
export interface AnnouncePlan {
  readonly kind: 'announce';
  readonly file: string;
}

/** Play the absence announcement (when set), record a message and mail it (when an address is set). */
export interface VoicemailPlan {
  readonly kind: 'voicemail';
  readonly email: string | null;
  readonly announcement: string | null;
}

/**
 * Take a message in an extension's own voicemail box (留守番電話): the box's greeting (or the standard
 * one), the tone, then the caller's message, kept for the extension's user.
 */
export interface MailboxPlan {
  readonly kind: 'mailbox';
  readonly extension: string;
  readonly extensionUuid: string;
  /** The box's own greeting: its stored name in the tenant's storage; null plays the standard one. */
  readonly greeting: string | null;
}

export interface HangupPlan {
  readonly kind: 'hangup';
  readonly cause: HangupCause;
  readonly reason: HangupReason;
}

/** Call out through a gateway (a tenant line), presenting the line's number. */
export interface OutboundPlan {
  readonly kind: 'outbound';
  /** The external number, digits only. */
  readonly number: string;
  readonly gatewayUuid: string;
  /** The gateway's number (the line the call leaves on). */
  readonly gateway: string;
  readonly callerIdNumber: string;
}

/** Park slot Pn: 1–8, dialled as 5901–5908 in valet lot '5900@<domain>'. */
export interface ParkSlot {
  readonly slot: number;
  readonly slotNumber: string;
  readonly lot: string;
}

/** Park the call in a slot (park+59NN). */
export interface ParkPlan extends ParkSlot {
  readonly kind: 'park';
}

/** Take the call parked in a slot (59NN). */
export interface RetrievePlan extends ParkSlot {
  readonly kind: 'retrieve';
}

/** Listen in on an extension's current call (*33<ext>). */
export interface MonitorPlan {
  readonly kind: 'monitor';
  readonly extension: string;
  readonly extensionUuid: string;
}

/**
 * Take the call ringing an extension (*8<ext>): the caller is connected to whoever picks it up and
 * the extension stops ringing. Which call that is, is read from the live calls when it is dialled.
 */
export interface PickupPlan {
  readonly kind: 'pickup';
  readonly extension: string;
  readonly extensionUuid: string;
}

/** Why routing moved on to another configured number. */
export type TransferReason = 'forward' | 'speed-dial' | 'schedule' | 'no-answer';

/** A hop to another number (forward-all, speed dial, business-hours target, no-answer transfer). */
export interface TransferPlan {
  readonly kind: 'transfer';
  readonly reason: TransferReason;
  readonly number: string;
  readonly then: RoutePlan;
}

/** A call from outside to an incoming number, and the business-hours condition that applied. */
export interface IncomingPlan {
  readonly kind: 'incoming';
  readonly number: string;
  /** Put before the caller's name (destinationCidNamePrefix); '' when none. */
  readonly callerIdNamePrefix: string;
  readonly dialplanNumber: string;
  readonly conditionName: string;
  readonly conditionType: TimeConditionType;
  /** The condition's priority (timeConditionOrder; the default's is ANTI_ORDER). */
  readonly conditionOrder: number;
  readonly actionType: ActionType;
  readonly then: RoutePlan;
}

export type RoutePlan =
  | RingExtensionPlan
  | RingGroupPlan
  | IvrPlan
  | AnnouncePlan
  | VoicemailPlan
  | MailboxPlan
  | HangupPlan
  | OutboundPlan
  | ParkPlan
  | RetrievePlan
  | MonitorPlan
  | PickupPlan
  | TransferPlan
  | IncomingPlan;

const HANGUPS = Object.fromEntries(
  Object.entries(HANGUP_CAUSES).map(([reason, cause]) => [
    reason,
    Object.freeze({ kind: 'hangup', cause, reason }),
  ]),
) as Record<HangupReason, HangupPlan>;

/** The hang-up plan for a reason, with its cause (one shared, frozen object per reason). */
export function hangup(reason: HangupReason): HangupPlan {
  return HANGUPS[reason];
}

/** The plan that finally acts, past any incoming and transfer hops. */
export function finalPlan(plan: RoutePlan): Exclude<RoutePlan, TransferPlan | IncomingPlan> {
  let current = plan;
  while (current.kind === 'transfer' || current.kind === 'incoming') current = current.then;
  return current;
}

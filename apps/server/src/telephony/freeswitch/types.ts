/**
 * Shapes the FreeSWITCH adapter produces from recorded protocol traffic. Plain types with no
 * behaviour, to be reconciled with the TelephonyEngine interface.
 */
import type { LegStage } from '@tsunagu/contract';

/** An extension came online or went offline on one of its devices. */
export interface RegistrationEvent {
  kind: 'registration';
  /** Extension number (the directory user id). */
  extension: string;
  /** Domain (tenant) name, e.g. 'tenant-a.example'. */
  domain: string;
  registered: boolean;
  /** SIP phone (mod_sofia) or browser softphone (mod_verto). */
  via: 'sip' | 'verto';
  /**
   * Identifies this one device registration (SIP Call-ID, or the verto client's address), so a
   * device going away is not mistaken for the whole extension going offline.
   */
  contactId: string;
}

/**
 * One channel as the side panel shows it: the SPEC's call state entry, named as FreeSWITCH's
 * `show channels` names its columns. Every value is a string, as FreeSWITCH gives them.
 */
export interface CallStateEntry {
  uuid: string;
  /** The call this channel belongs to (the a-leg's uuid); may equal uuid. */
  call_uuid: string;
  /** Channel name, e.g. 'sofia/internal/1001@127.0.0.1:5071' or 'verto.rtc/9196'. */
  name: string;
  direction: 'inbound' | 'outbound';
  /** DOWN, RINGING, EARLY, ACTIVE, HELD, HANGUP … */
  callstate: string;
  /** Destination number of the channel. */
  dest: string;
  /** Application running on the channel, e.g. 'valet_park', 'bridge', 'echo'; '' when none. */
  application: string;
  application_data: string;
  cid_name: string;
  cid_num: string;
  callee_name: string;
  callee_num: string;
  sent_callee_num: string;
  /** 'extension@domain' when FreeSWITCH knows whose channel it is; '' otherwise. */
  presence_id: string;
  /** Dialplan context, which is the tenant's domain name for tenant calls. */
  context: string;
  /**
   * The tenant (domain name) the channel belongs to, '' while unknown: the presence domain, else the
   * domain_name / dialed_domain variables (events only), else a tenant's context.
   */
  domain: string;
}

/** A channel appeared or changed state. */
export interface CallStateEvent {
  kind: 'call-state';
  entry: CallStateEntry;
}

/** A channel hung up. May be reported more than once for one channel; handle it idempotently. */
export interface HangupEvent {
  kind: 'hangup';
  uuid: string;
  call_uuid: string;
  /** Q.850 cause name, e.g. 'NORMAL_CLEARING', 'NO_ROUTE_DESTINATION'. */
  cause: string;
  entry: CallStateEntry;
}

/** What valet parking did: a call parked (hold), was retrieved (bridge), or left the lot (exit). */
export type ParkAction = 'hold' | 'bridge' | 'exit';

/** A park slot changed. */
export interface ParkEvent {
  kind: 'park';
  /** Lot name as FreeSWITCH knows it, e.g. '5900@tenant-a.example'. */
  lot: string;
  /** Domain part of the lot name. */
  domain: string;
  /** Slot extension, e.g. '5901'. */
  slot: string;
  action: ParkAction;
  /** Whether the slot is now occupied (only after hold). */
  occupied: boolean;
  /** The parked channel. */
  uuid: string;
  callerIdNumber: string;
  callerIdName: string;
}

/** Any event the adapter turns FreeSWITCH events into. */
/** mod_voicemail's `vm::maintenance` leave-message: a caller left a message in a box. */
export interface VoicemailLeftEvent {
  kind: 'voicemail';
  /** The box id (the extension) and its domain. */
  extension: string;
  domain: string;
  /** VM-UUID: the id of the call that left the message (its Unique-ID; the file is msg_<another id>), one message per call and box. */
  uuid: string;
  callerIdNumber: string;
  callerIdName: string;
  /** Where mod_voicemail wrote the message. */
  filePath: string;
  /** Its length in seconds, as mod_voicemail measured it. */
  seconds: number;
  /** When it was left (VM-Timestamp, epoch seconds). */
  at: Date;
}

export type FreeswitchEngineEvent =
  RegistrationEvent | CallStateEvent | HangupEvent | ParkEvent | VoicemailLeftEvent;

/** A call parked in a valet lot, as `valet_info` lists it. */
export interface ParkedCall {
  lot: string;
  domain: string;
  slot: string;
  uuid: string;
}

/** A call record (one leg) from mod_json_cdr, normalised. */
export interface CallRecord {
  /** This leg's uuid: the idempotency key (FreeSWITCH retries posts). */
  uuid: string;
  /** The call's uuid (the a-leg's), shared by every leg of one call. */
  callUuid: string;
  /** 'b' when this leg was originated by another leg of the same call. */
  leg: 'a' | 'b';
  /** inbound: from outside to the tenant; outbound: to outside; local: between internal numbers. */
  direction: 'inbound' | 'outbound' | 'local';
  callerIdNumber: string;
  callerIdName: string;
  destinationNumber: string;
  startStamp: Date;
  answerStamp: Date | null;
  endStamp: Date;
  /** Seconds from start to end. */
  duration: number;
  /** Seconds from answer to end; 0 when never answered. */
  billsec: number;
  hangupCause: string;
  /** Was bridged to another channel (a person, not an announcement, IVR or voicemail). */
  bridged: boolean;
  /** Where the leg was when it ended, as far as the call's result cares. */
  endedIn: LegStage;
  /** The dialplan sent it to an incoming number's closed-hours branch (CALL_MODEL_VARIABLES.outOfHours). */
  outOfHours: boolean;
  /** Extension numbers this leg belonged to or reached (candidates; keep those the tenant has). */
  extensions: string[];
  /** Tenant domain name, when the record says. */
  domainName: string | null;
}

interface XmlCurlCommon {
  /** FreeSWITCH host name that asked. */
  hostname: string | null;
  /** When FreeSWITCH asked (its Event-Date-Timestamp), epoch ms; null when not posted. */
  instant: number | null;
  /** One posted field, decoded; null when absent or empty. */
  field(name: string): string | null;
  /** Every posted field, decoded; the first value wins when a name repeats. */
  params(): Record<string, string>;
}

/** A directory lookup (user authentication, verto login, user/ dialling, gateway list …). */
export interface XmlCurlDirectoryRequest extends XmlCurlCommon {
  section: 'directory';
  /** 'sip_auth', 'jsonrpc-authenticate', 'user_call', … ; null for a plain lookup. */
  action: string | null;
  /** 'gateways' or 'network-list' for start-up scans; null for user lookups. */
  purpose: string | null;
  user: string | null;
  domain: string | null;
  /** The SIP profile, for REGISTER authentication and gateway scans. */
  sipProfile: string | null;
  /** Digest fields of a SIP authentication; null for other lookups. */
  sipAuth: { username: string; realm: string; method: string } | null;
}

/** A dialplan lookup for a call being routed. */
export interface XmlCurlDialplanRequest extends XmlCurlCommon {
  section: 'dialplan';
  /** The context the answer must contain (Caller-Context). */
  context: string;
  destinationNumber: string;
  callerIdNumber: string;
  callerIdName: string;
  uuid: string | null;
  channelName: string | null;
  direction: 'inbound' | 'outbound' | null;
}

/** A configuration file fetch (ivr.conf for a menu, or a module's file at start-up). */
export interface XmlCurlConfigurationRequest extends XmlCurlCommon {
  section: 'configuration';
  /** File name, e.g. 'ivr.conf'. */
  name: string;
  /** IVR menu asked for, with ivr.conf. */
  menuName: string | null;
}

/** Any other section (phrases, languages …), answered "not found". */
export interface XmlCurlOtherRequest extends XmlCurlCommon {
  section: 'other';
  sectionName: string;
}

/** A mod_xml_curl request, by section. */
export type XmlCurlRequest =
  XmlCurlDirectoryRequest | XmlCurlDialplanRequest | XmlCurlConfigurationRequest | XmlCurlOtherRequest;

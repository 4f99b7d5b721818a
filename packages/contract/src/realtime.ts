import { z } from 'zod';

/** STOMP topics (spec 7 "Real-time socket") and who may subscribe to them. */

export const topics = {
  /** Incoming-call pop-up for one user; body `x,<caller name>,<number>` ('cTc' prefix = click-to-call). */
  ring: (userUuid: string) => `/topic/ring/${userUuid}`,
  /** Forced logout of one user. */
  force: (userUuid: string) => `/topic/force/${userUuid}`,
  /** A new chat message for one user. */
  chat: (userUuid: string) => `/topic/chat/${userUuid}`,
  /** One user's count of new voicemail messages (digits): sent when a message arrives, is heard or deleted. */
  voicemail: (userUuid: string) => `/topic/voicemail/${userUuid}`,
  /**
   * The tenant's logged-in users: the whole JSON list (LoginUser[]) once to each new subscriber, then
   * only what changed ({ changed: LoginUser[] }, loginCnt 0 = offline). See LoginUserMessage.
   */
  loginUser: (domainUuid: string) => `/topic/loginUser/${domainUuid}`,
  /** The tenant's park lots (JSON lots.lot.extension). */
  park: (domainName: string) => `/topic/park/${domainName}`,
  /** The tenant's recall count. */
  recall: (domainUuid: string) => `/topic/recall/${domainUuid}`,
  /** The tenant's channels changed: fetch GET /v1/call/callState again (body: the changed extension, if one). */
  callState: (domainUuid: string) => `/topic/callState/${domainUuid}`,
  /** One of the tenant's desk phones registered or unregistered (JSON DeskPhoneState). */
  deskPhone: (domainUuid: string) => `/topic/deskPhone/${domainUuid}`,
  /** One of the tenant's browser softphones connected or disconnected (JSON SoftphoneState). Not in the spec. */
  softphone: (domainUuid: string) => `/topic/softphone/${domainUuid}`,
  /**
   * The tenant's configuration changed (body: what, a ConfigKind such as 'extension'): fetch the tenant
   * directory (GET /v1/user/directory) again. Not in the spec.
   */
  pbx: (domainUuid: string) => `/topic/pbx/${domainUuid}`,
  /**
   * Colleagues' statuses changed (JSON UserStatusEntry[]: every change of one batch — a mass sign-in is a
   * few messages, not one per user). Not in the spec.
   */
  userStatus: (domainUuid: string) => `/topic/userStatus/${domainUuid}`,
} as const;

/** Whose a topic is: one user's, or one tenant's (by uuid or, for park, by domain name). */
export type TopicOwner =
  | { kind: 'user'; userUuid: string }
  | { kind: 'tenant'; domainUuid: string }
  | { kind: 'tenantName'; domainName: string };

const USER_TOPICS = new Set(['ring', 'force', 'chat', 'voicemail']);
const TENANT_TOPICS = new Set([
  'loginUser',
  'recall',
  'callState',
  'deskPhone',
  'softphone',
  'pbx',
  'userStatus',
]);

/** Parses a destination; null for anything that is not one of our topics. */
export function topicOwner(destination: string): TopicOwner | null {
  const match = /^\/topic\/([A-Za-z]+)\/([^/]+)$/.exec(destination);
  if (!match) return null;
  const [, kind = '', id = ''] = match;
  if (USER_TOPICS.has(kind)) return { kind: 'user', userUuid: id };
  if (TENANT_TOPICS.has(kind)) return { kind: 'tenant', domainUuid: id };
  if (kind === 'park') return { kind: 'tenantName', domainName: id };
  return null;
}

/**
 * A desk phone (SIP) of the tenant as GET /v1/user/deskPhones and /topic/deskPhone carry it: every
 * extension whose user takes calls on a desk phone, and any other with a desk phone registered.
 */
export const deskPhoneStateSchema = z.object({
  extension: z.string(),
  /** Registered with the exchange now: it can ring. */
  registered: z.boolean(),
});
export type DeskPhoneState = z.infer<typeof deskPhoneStateSchema>;

/**
 * An extension's browser softphone as /topic/softphone carries it: signed in to the exchange (it can
 * ring) or not. Signed in to the console is not the same: the presence tab tells the two apart.
 */
export const softphoneStateSchema = z.object({
  extension: z.string(),
  ready: z.boolean(),
});
export type SoftphoneState = z.infer<typeof softphoneStateSchema>;

/** One logged-in user as /v1/user/loginUsers and /topic/loginUser carry it. */
export const loginUserSchema = z.object({
  userUuid: z.string(),
  /** The user's active sessions (real-time connection open, or a request in the last minutes). */
  loginCnt: z.number(),
});
export type LoginUser = z.infer<typeof loginUserSchema>;

/**
 * A /topic/loginUser message. The spec's body, the whole list of logged-in users, is what a subscriber
 * receives first; after it, batches of changes only, so that a tenant's connects cost one small frame
 * each instead of the whole list to everyone (N² frames when all reconnect).
 */
export type LoginUserMessage = LoginUser[] | { changed: LoginUser[] };

/** The logged-in users after a /topic/loginUser message: a whole list replaces, changes update. */
export function applyLoginUsers(current: readonly LoginUser[], message: LoginUserMessage): LoginUser[] {
  if (Array.isArray(message)) return message;
  const changed = new Map(message.changed.map((u) => [u.userUuid, u]));
  const kept = current.filter((u) => !changed.has(u.userUuid));
  return [...kept, ...message.changed.filter((u) => u.loginCnt > 0)];
}

/** Body of /topic/ring/{userUuid}: `<extension>,<caller name>,<number>`; a 'cTc' name prefix marks click-to-call. */
export function ringBody(
  extension: string,
  callerName: string,
  callerNumber: string,
  clickToCall: boolean,
): string {
  const clean = (text: string) => text.replace(/,/g, ' ');
  return [clean(extension), (clickToCall ? 'cTc' : '') + clean(callerName), clean(callerNumber)].join(',');
}

/** Parses a ring body; the spec reads the 2nd field as the name and the 3rd as the number. */
export function parseRingBody(body: string): {
  callerName: string;
  callerNumber: string;
  clickToCall: boolean;
} {
  const [, rawName = '', callerNumber = ''] = body.split(',');
  const clickToCall = rawName.startsWith('cTc');
  return { callerName: clickToCall ? rawName.slice(3) : rawName, callerNumber, clickToCall };
}

/** Body of /topic/park/{domainName} (FreeSWITCH valet_info as JSON): the occupied slots' extensions. */
export interface ParkTopicBody {
  lots: { lot: { name: string; extension: ParkLotExtension | ParkLotExtension[] } };
}
export interface ParkLotExtension {
  /** The slot's number, 5901–5908. */
  content: number;
  /** The parked channel. */
  uuid: string;
}

/** Occupied slots 1–8 of a park body (one object or a list, as the spec allows). */
export function occupiedParkSlots(body: ParkTopicBody): Set<number> {
  const raw = body.lots?.lot?.extension;
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return new Set(list.map((e) => Number(e.content) - 5900).filter((slot) => slot >= 1 && slot <= 8));
}

/**
 * /topic/force/{userUuid}'s body: who ended the user's sessions (their display name, else their ID), or
 * why, when it was no person's doing on this user (their tenant was stopped).
 */
export const forceLogoutBodySchema = z.object({
  by: z.string().optional(),
  reason: z.enum(['tenantStopped']).optional(),
});
export type ForceLogoutBody = z.infer<typeof forceLogoutBodySchema>;

/** The login page's words for each forced sign-out reason. */
export const forcedOutMessages = {
  tenantStopped: 'このドメインの利用が停止されたため、サインアウトしました。管理者にお問い合わせください。',
  byNamed: (by: string) => `管理者（${by}）によって強制ログアウトされました。`,
  byAdmin: '管理者によって強制ログアウトされました。',
} as const;

/**
 * Why the login page is shown after a forced sign-out: the reason, else who did it, when the body says
 * (an older server sends none).
 */
export function forcedOutReason(body: string): string {
  let parsed: ForceLogoutBody = {};
  try {
    const result = forceLogoutBodySchema.safeParse(JSON.parse(body));
    if (result.success) parsed = result.data;
  } catch {
    // Not JSON: no name to tell.
  }
  if (parsed.reason) return forcedOutMessages[parsed.reason];
  const by = parsed.by?.trim();
  return by ? forcedOutMessages.byNamed(by) : forcedOutMessages.byAdmin;
}

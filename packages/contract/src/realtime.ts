/** STOMP topics (spec 7 "Real-time socket") and who may subscribe to them. */

export const topics = {
  /** Incoming-call pop-up for one user; body `x,<caller name>,<number>` ('cTc' prefix = click-to-call). */
  ring: (userUuid: string) => `/topic/ring/${userUuid}`,
  /** Forced logout of one user. */
  force: (userUuid: string) => `/topic/force/${userUuid}`,
  /** A new chat message for one user. */
  chat: (userUuid: string) => `/topic/chat/${userUuid}`,
  /** The tenant's logged-in users (JSON list). */
  loginUser: (domainUuid: string) => `/topic/loginUser/${domainUuid}`,
  /** The tenant's park lots (JSON lots.lot.extension). */
  park: (domainName: string) => `/topic/park/${domainName}`,
  /** The tenant's recall count. */
  recall: (domainUuid: string) => `/topic/recall/${domainUuid}`,
} as const;

/** Whose a topic is: one user's, or one tenant's (by uuid or, for park, by domain name). */
export type TopicOwner =
  | { kind: 'user'; userUuid: string }
  | { kind: 'tenant'; domainUuid: string }
  | { kind: 'tenantName'; domainName: string };

const USER_TOPICS = new Set(['ring', 'force', 'chat']);
const TENANT_TOPICS = new Set(['loginUser', 'recall']);

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

/** One logged-in user as /v1/user/loginUsers and /topic/loginUser carry it. */
export interface LoginUser {
  userUuid: string;
  /** The user's active sessions (real-time connection open, or a request in the last minutes). */
  loginCnt: number;
}

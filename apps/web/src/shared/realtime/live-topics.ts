import {
  occupiedParkSlots,
  parseRingBody,
  topics,
  type DeskPhoneState,
  type SoftphoneState,
  type LoginUserMessage,
  type ParkTopicBody,
} from '@tsunagu/contract/realtime';
import type { UserStatusEntry } from '@tsunagu/contract/user-status';

/** A STOMP topic and how to read its body. */
export interface LiveTopic<T> {
  destination: string;
  parse(body: string): T;
}

const topic = <T>(destination: string, parse: (body: string) => T): LiveTopic<T> => ({ destination, parse });
const text = (body: string) => body;

/** The console's topics (contract `topics`) with their bodies typed. */
export const liveTopics = {
  /** The tenant's online users: the whole list on subscribing, then the changes (applyLoginUsers). */
  loginUser: (domainUuid: string) =>
    topic(topics.loginUser(domainUuid), (body) => JSON.parse(body) as LoginUserMessage),
  /** A new chat message for the user (body: its chatUuid). */
  chat: (userUuid: string) => topic(topics.chat(userUuid), text),
  /** The user's sessions were ended by an administrator. */
  force: (userUuid: string) => topic(topics.force(userUuid), text),
  /** The tenant's recall count. */
  recall: (domainUuid: string) =>
    topic(topics.recall(domainUuid), (body) => {
      const count = Number(body);
      if (!Number.isInteger(count) || count < 0) throw new Error(`bad recall count: ${body}`);
      return count;
    }),
  /** The occupied park slots (1–8). */
  park: (domainName: string) =>
    topic(topics.park(domainName), (body) => occupiedParkSlots(JSON.parse(body) as ParkTopicBody)),
  /** One of the tenant's desk phones registered or unregistered. */
  deskPhone: (domainUuid: string) =>
    topic(topics.deskPhone(domainUuid), (body) => JSON.parse(body) as DeskPhoneState),
  /** One of the tenant's browser softphones signed in to the exchange or out. */
  softphone: (domainUuid: string) =>
    topic(topics.softphone(domainUuid), (body) => JSON.parse(body) as SoftphoneState),
  /** The tenant's configuration changed (body: what): fetch the tenant directory again. */
  pbx: (domainUuid: string) => topic(topics.pbx(domainUuid), text),
  /** The tenant's channels changed: fetch the call state again. */
  callState: (domainUuid: string) => topic(topics.callState(domainUuid), text),
  /** Colleagues' statuses changed (one message per batch of changes). */
  userStatus: (domainUuid: string) =>
    topic(topics.userStatus(domainUuid), (body) => JSON.parse(body) as UserStatusEntry[]),
  /** An incoming call for the user's pop-up. */
  ring: (userUuid: string) => topic(topics.ring(userUuid), parseRingBody),
};

import type { DirectoryGroup, DirectoryMember } from '@tsunagu/contract/auth';
import { BUSY_STATES, type CallStateItem } from '@tsunagu/contract/call';
import type { DeskPhoneState, LoginUser } from '@tsunagu/contract/realtime';
import { shownStatus, type UserStatus } from '@tsunagu/contract/user-status';

/** Active sessions per user, from the latest logged-in list (none before /topic/loginUser's first). */
export function onlineCounts(loginUsers: readonly LoginUser[] | undefined): Map<string, number> {
  return new Map((loginUsers ?? []).map((u) => [u.userUuid, u.loginCnt]));
}

const BUSY = new Set<string>(BUSY_STATES);

/** The extension's first channel in a busy state (spec 4 "Busy extensions"), if any. */
export function busyChannel(
  extension: string | null,
  channels: readonly CallStateItem[],
): CallStateItem | undefined {
  if (!extension) return undefined;
  return channels.find(
    (c) => c.extension === extension && c.application !== 'valet_park' && BUSY.has(c.callstate),
  );
}

/** Whether a call rings the extension now (a channel rung for it, unanswered): it can be picked up. */
export function isRinging(extension: string | null, channels: readonly CallStateItem[]): boolean {
  return (
    extension !== null &&
    channels.some(
      (c) =>
        c.extension === extension &&
        c.direction === 'outbound' &&
        (c.callstate === 'RINGING' || c.callstate === 'EARLY'),
    )
  );
}

/**
 * The other party's number on an extension's channel. A channel the extension started ('inbound' to
 * the exchange) goes to `dest`; a channel ringing the extension ('outbound') comes from `cid_num`.
 * The callee fields stand in when those are empty or name the extension itself.
 */
export function otherParty(channel: CallStateItem): string | null {
  const candidates =
    channel.direction === 'inbound'
      ? [channel.dest, channel.callee_num, channel.sent_callee_num]
      : [channel.cid_num, channel.sent_callee_num, channel.callee_num];
  return candidates.find((n) => n && n !== channel.extension) ?? null;
}

/** A group member as the presence list shows them. */
export interface MemberView {
  member: DirectoryMember;
  self: boolean;
  /** Logged in: the 'IN' badge. */
  loggedIn: boolean;
  /** Spec 2.4: highlighted when logged in, or when it is the current user. */
  highlighted: boolean;
  /** The extension is on a call: the name turns red. */
  busy: boolean;
  /** The other party of the current call, for the 'On call' badge. */
  callNumber: string | null;
  /** A call rings the member's extension now: colleagues may pick it up (*8). */
  ringing: boolean;
  /** The member's desk phone: 'ready' registered, 'offline' not; null when the extension has none. */
  deskPhone: 'ready' | 'offline' | null;
  /**
   * The member's browser softphone: 'ready' signed in to the exchange (it can ring), 'offline' signed in
   * to the console only; null for a desk-phone extension, or nobody signed in anywhere.
   */
  softphone: 'ready' | 'offline' | null;
  /** The working status colleagues see (在席, 離席 …; 通話中 and ログアウト from the live facts). */
  status: UserStatus;
  /** The member's extension is on do-not-disturb (着信拒否): calling it is busy, groups skip it. */
  doNotDisturb: boolean;
}

/** Desk phones by extension: registered or not (extensions without one are absent). */
export function deskPhoneMap(phones: readonly DeskPhoneState[] | undefined): ReadonlyMap<string, boolean> {
  return new Map((phones ?? []).map((p) => [p.extension, p.registered]));
}

/** The members of a group with their login and call state. */
export function memberViews(
  group: DirectoryGroup,
  online: ReadonlyMap<string, number>,
  channels: readonly CallStateItem[],
  selfUuid: string,
  deskPhones: ReadonlyMap<string, boolean> = new Map(),
  softphones: ReadonlySet<string> = new Set(),
  statuses: ReadonlyMap<string, UserStatus> = new Map(),
  doNotDisturb: ReadonlySet<string> = new Set(),
): MemberView[] {
  return group.userList.map((member) => {
    const self = member.userUuid === selfUuid;
    const loggedIn = (online.get(member.userUuid) ?? 0) > 0;
    const channel = busyChannel(member.extension, channels);
    const phone = member.extension ? deskPhones.get(member.extension) : undefined;
    const softphoneReady = member.extension !== null && softphones.has(member.extension);
    const softphone = softphoneReady
      ? 'ready'
      : loggedIn && phone === undefined && member.extension
        ? 'offline'
        : null;
    return {
      member,
      self,
      loggedIn,
      highlighted: loggedIn || self,
      busy: channel !== undefined,
      callNumber: channel ? otherParty(channel) : null,
      ringing: isRinging(member.extension, channels),
      deskPhone: phone === undefined ? null : phone ? 'ready' : 'offline',
      softphone,
      status: shownStatus(statuses.get(member.userUuid), {
        signedIn: loggedIn,
        onCall: channel !== undefined,
      }),
      doNotDisturb: member.extension !== null && doNotDisturb.has(member.extension),
    };
  });
}

/** Park slots P1–P8 (extensions 5901–5908). */
export const PARK_SLOTS = [1, 2, 3, 4, 5, 6, 7, 8] as const;

/**
 * The slot a valet_park channel occupies. Spec 4 reads the 9th character of dest ('park+5903' → 3);
 * FreeSWITCH also reports the bare slot ('5903'), so the slot is read from the end of either.
 */
export function parkSlotOf(dest: string): number | null {
  const match = /(?:^|\+)590([1-8])$/.exec(dest);
  return match ? Number(match[1]) : null;
}

/** One park slot (spec 3 "Park slot"). */
export interface ParkSlotView {
  slot: number;
  use: boolean;
  /**
   * Who parked the call, when known: the colleague the parked channel was talking with (its callee, on
   * both engines), else the parked channel's own extension.
   */
  userName: string | null;
  /** The parked caller's number, when known. */
  destNumber: string | null;
}

/**
 * The eight slots. Occupancy follows the park topic once one has arrived, and the valet_park
 * channels of the call state before that; the channels give the user and the number.
 */
export function parkSlotViews(
  channels: readonly CallStateItem[],
  topicSlots: ReadonlySet<number> | null,
  nameOfExtension: (extension: string) => string | undefined,
): ParkSlotView[] {
  const parked = new Map<number, CallStateItem>();
  for (const channel of channels) {
    const slot = channel.application === 'valet_park' ? parkSlotOf(channel.dest) : null;
    if (slot !== null && !parked.has(slot)) parked.set(slot, channel);
  }
  return PARK_SLOTS.map((slot) => {
    const channel = parked.get(slot);
    const use = topicSlots ? topicSlots.has(slot) : channel !== undefined;
    return {
      slot,
      use,
      userName:
        use && channel
          ? (nameOfExtension(channel.callee_num) ??
            nameOfExtension(channel.extension) ??
            nameOfExtension(channel.cid_num) ??
            null)
          : null,
      destNumber: use && channel ? channel.cid_num || null : null,
    };
  });
}

import { compareNumbers } from './shared';
import {
  RING_SECONDS_DEFAULT,
  type RingGroup,
  type RingGroupDestination,
  type RingGroupForm,
  type RingGroupTimeoutApp,
} from './ring-group';

/** Everything stored about a ring group except its ids. */
export type RingGroupFields = Omit<RingGroup, 'ringGroupUuid' | 'domainUuid'>;

/** The no-answer announcement's dialplan prefix: 'streamfile.lua <file>'. */
export const LUA_PREFIX = 'streamfile.lua ';
const TRANSFER_DATA = /^(\S+) XML /;

/** The form of a new ring group: strategy enterprise, 30 s, hang up on no answer, enabled. */
export function newRingGroupForm(): RingGroupForm {
  return {
    ringGroupUuid: null,
    ringGroupExtension: '',
    ringGroupName: '',
    ringGroupGreeting: '',
    destinationTimeout: RING_SECONDS_DEFAULT,
    ringGroupStrategy: 'enterprise',
    ringGroupEnabled: 'true',
    ringGroupMissedCallData: '',
    ringGroupTimeoutApp: 'hangup',
    ringGroupTimeoutDataFile: '',
    ringGroupTimeoutDataTransfer: '',
    destList: [],
  };
}

/** ringGroupTimeoutData for an action: 'streamfile.lua <file>', '<number> XML <domainName>' or null. */
export function ringGroupTimeoutData(
  app: RingGroupTimeoutApp,
  form: Pick<RingGroupForm, 'ringGroupTimeoutDataFile' | 'ringGroupTimeoutDataTransfer'>,
  domainName: string,
): string | null {
  if (app === 'lua') return LUA_PREFIX + form.ringGroupTimeoutDataFile.trim();
  // Spaces are allowed in number inputs but would split the dialplan arguments, so they are dropped.
  if (app === 'transfer') return `${form.ringGroupTimeoutDataTransfer.replace(/\s+/g, '')} XML ${domainName}`;
  return null;
}

/** The member list: distinct numbers in extension order (rollover rings in this order). */
export function ringGroupDestinations(destList: readonly string[], seconds: number): RingGroupDestination[] {
  return [...new Set(destList)]
    .sort(compareNumbers)
    .map((destinationNumber) => ({ destinationNumber, destinationTimeout: seconds }));
}

/** The stored fields derived from a (validated) form. */
export function ringGroupFromForm(form: RingGroupForm, domainName: string): RingGroupFields {
  const mail = form.ringGroupMissedCallData.trim();
  return {
    ringGroupContext: domainName,
    ringGroupName: form.ringGroupName.trim(),
    ringGroupExtension: form.ringGroupExtension.trim(),
    ringGroupGreeting: form.ringGroupGreeting,
    ringGroupStrategy: form.ringGroupStrategy,
    ringGroupEnabled: form.ringGroupEnabled,
    ringGroupTimeoutApp: form.ringGroupTimeoutApp,
    ringGroupTimeoutData: ringGroupTimeoutData(form.ringGroupTimeoutApp, form, domainName),
    ringGroupMissedCallApp: mail === '' ? null : 'email',
    ringGroupMissedCallData: mail === '' ? null : mail,
    destinations: ringGroupDestinations(form.destList, form.destinationTimeout ?? RING_SECONDS_DEFAULT),
  };
}

/** The edit form of a stored ring group (the inverse of ringGroupFromForm). */
export function ringGroupToForm(group: RingGroup): RingGroupForm {
  const data = group.ringGroupTimeoutData ?? '';
  return {
    ringGroupUuid: group.ringGroupUuid,
    ringGroupExtension: group.ringGroupExtension,
    ringGroupName: group.ringGroupName,
    ringGroupGreeting: group.ringGroupGreeting,
    destinationTimeout: group.destinations[0]?.destinationTimeout ?? RING_SECONDS_DEFAULT,
    ringGroupStrategy: group.ringGroupStrategy,
    ringGroupEnabled: group.ringGroupEnabled,
    ringGroupMissedCallData: group.ringGroupMissedCallData ?? '',
    ringGroupTimeoutApp: group.ringGroupTimeoutApp,
    ringGroupTimeoutDataFile:
      group.ringGroupTimeoutApp === 'lua' && data.startsWith(LUA_PREFIX) ? data.slice(LUA_PREFIX.length) : '',
    ringGroupTimeoutDataTransfer:
      group.ringGroupTimeoutApp === 'transfer' ? (TRANSFER_DATA.exec(data)?.[1] ?? '') : '',
    destList: group.destinations.map((d) => d.destinationNumber),
  };
}

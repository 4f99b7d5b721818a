/** Turns each kind of row into its frozen, ready-to-route entry of the tenant snapshot. */
import {
  compareNumbers,
  dialString,
  isIvrDigit,
  PARK_NUMBER_RANGE,
  RING_SECONDS_DEFAULT,
  RING_SECONDS_RANGE,
  ringGroupStrategySchema,
  type IvrDigit,
} from '@tsunagu/contract';
import { antiOf, compileSchedule, dialplanSchema, type Dialplan } from '@tsunagu/contract';
import { ivrParamNumber, luaAnnouncementFile, transferDataNumber, xmlTargetOf } from './dialplan-data';
import {
  hangup,
  IVR_SETTINGS,
  type IvrChoice,
  type MailboxPlan,
  type ParkSlot,
  type RingTarget,
} from './route-plan';
import type {
  DestinationEntry,
  ExtensionEntry,
  GatewayEntry,
  IvrEntry,
  NoAnswerRule,
  RingGroupEntry,
  ScheduleEntry,
} from './tenant-config';
import {
  isOn,
  type DestinationRow,
  type ExtensionRow,
  type GatewayRow,
  type IvrMenuRow,
  type RingGroupRow,
} from './tenant-rows';

const { freeze } = Object;

/** Ring seconds within 5–180 (spec 9); 30 when unset or unreadable. */
export function ringSeconds(value: number | null | undefined): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return RING_SECONDS_DEFAULT;
  return Math.min(RING_SECONDS_RANGE.max, Math.max(RING_SECONDS_RANGE.min, Math.round(value)));
}

const textOrNull = (value: string | null | undefined) => value?.trim() || null;

export function extensionEntry(row: ExtensionRow): ExtensionEntry {
  const extension = row.extension.trim();
  const { extensionUuid } = row;
  const target: RingTarget = freeze({
    extension,
    extensionUuid,
    name: row.effectiveCallerIdName?.trim() ?? '',
    webPhones: true,
    // A box that answers unanswered calls decides how long the extension rings.
    ringSeconds: row.voicemail?.onNoAnswer
      ? ringSeconds(row.voicemail.noAnswerSeconds)
      : ringSeconds(row.callTimeout),
  });
  const box = row.voicemail;
  const mailbox: MailboxPlan | null = box
    ? freeze({ kind: 'mailbox', extension, extensionUuid, greeting: box.greeting })
    : null;
  return freeze({
    extension,
    extensionUuid,
    enabled: isOn(row.enabled, true),
    doNotDisturb: isOn(row.doNotDisturb),
    forward: dialString(row.forwardAllDestination ?? ''),
    outboundCallerIdNumber: row.outboundCallerIdNumber?.trim() ?? '',
    phoneType: row.phoneType ?? null,
    ring: freeze({
      kind: 'extension',
      target,
      onNoAnswer: mailbox && box?.onNoAnswer ? mailbox : hangup('no-answer'),
      ...(mailbox && box?.onBusy ? { onBusy: mailbox } : {}),
    }),
    monitor: freeze({ kind: 'monitor', extension, extensionUuid }),
    pickup: freeze({ kind: 'pickup', extension, extensionUuid }),
  });
}

/**
 * Members are rung in extension order, each once. Unknown, disabled and do-not-disturb extensions
 * are left out. The random strategy does not ring web phones (spec 2.7): it rings desk phones only,
 * so members whose user works with the browser softphone alone are left out of it too.
 */
export function ringGroupEntry(
  row: RingGroupRow,
  extensions: ReadonlyMap<string, ExtensionEntry>,
  domainName: string,
): RingGroupEntry {
  const strategy = ringGroupStrategySchema.safeParse(row.ringGroupStrategy).data ?? 'enterprise';
  const webPhones = strategy !== 'random';
  const seen = new Set<string>();
  const members = [...row.destinations]
    .sort((a, b) => compareNumbers(a.destinationNumber.trim(), b.destinationNumber.trim()))
    .flatMap((destination): RingTarget[] => {
      const extension = extensions.get(destination.destinationNumber.trim());
      if (!extension?.enabled || extension.doNotDisturb || seen.has(extension.extension)) return [];
      if (!webPhones && extension.phoneType === 'verto') return [];
      seen.add(extension.extension);
      const ring = ringSeconds(destination.destinationTimeout);
      return [freeze({ ...extension.ring.target, webPhones, ringSeconds: ring })];
    });
  return freeze({
    number: row.ringGroupExtension.trim(),
    name: row.ringGroupName,
    enabled: isOn(row.ringGroupEnabled, true),
    strategy,
    greeting: textOrNull(row.ringGroupGreeting),
    missedCallEmail: textOrNull(row.ringGroupMissedCallData),
    members: freeze(members),
    noAnswer: noAnswerRule(row, domainName),
  });
}

/** Spec 4 "Ring group no-answer action"; a transfer outside the tenant's context is refused. */
function noAnswerRule(row: RingGroupRow, domainName: string): NoAnswerRule {
  const data = row.ringGroupTimeoutData;
  if (row.ringGroupTimeoutApp === 'lua') {
    const file = luaAnnouncementFile(data);
    const plan = file ? freeze({ kind: 'announce' as const, file }) : hangup('announcement-missing');
    return freeze({ kind: 'plan', plan });
  }
  if (row.ringGroupTimeoutApp === 'transfer') {
    const number = transferDataNumber(data, domainName);
    if (number) return freeze({ kind: 'transfer', number });
    return freeze({ kind: 'plan', plan: hangup('unknown-number') });
  }
  return freeze({ kind: 'plan', plan: hangup('no-answer') });
}

/**
 * The menu with its choices resolved. An option whose param cannot be read, points into another
 * context or at a number the tenant no longer has is left out, so pressing it counts as an invalid
 * digit (the greeting replays) rather than dropping the caller. A repeated digit keeps its first use.
 */
export function ivrEntry(
  row: IvrMenuRow,
  targetKind: (number: string) => IvrChoice['target'] | null,
  domainName: string,
): IvrEntry {
  const byDigit = new Map<IvrDigit, IvrChoice>();
  for (const option of row.ivrMenuOptions) {
    const digit = option.ivrMenuOptionDigits.trim();
    const number = ivrParamNumber(option.ivrMenuOptionParam, domainName);
    const target = number === null ? null : targetKind(number);
    if (!isIvrDigit(digit) || number === null || target === null || byDigit.has(digit)) continue;
    byDigit.set(digit, freeze({ digit, number, target }));
  }
  const plan = freeze({
    kind: 'ivr' as const,
    number: row.ivrMenuExtension.trim(),
    name: row.ivrMenuName,
    greeting: row.ivrMenuGreetLong,
    choices: freeze([...byDigit.values()]),
    settings: IVR_SETTINGS,
    onExit: hangup('ivr-exit'),
  });
  return freeze({ enabled: isOn(row.ivrMenuEnabled, true), plan });
}

export function destinationEntry(row: DestinationRow, domainName: string): DestinationEntry {
  return freeze({
    number: dialString(row.destinationNumber),
    callerIdNamePrefix: row.destinationCidNamePrefix?.trim() ?? '',
    enabled: isOn(row.destinationEnabled),
    dialplanNumber: xmlTargetOf(row.destinationData, domainName),
  });
}

/** The compiled schedule, or nothing when it has no number, is switched off or is not a schedule. */
export function scheduleEntry(schedule: Dialplan, timeZone: string): ScheduleEntry[] {
  // Parsing fills defaults and makes a copy of its own: the evaluator hands out its condition
  // objects, so they are frozen and no longer shared with the rows.
  const parsed = dialplanSchema.safeParse(schedule);
  if (!parsed.success) return [];
  const copy = parsed.data;
  const dialplanNumber = copy.dialplanNumber.trim();
  if (dialplanNumber === '' || !isOn(copy.dialplanEnabled, true)) return [];
  copy.timeconditions.forEach((condition) => freeze(condition));
  freeze(copy.timeconditions);
  const anti = antiOf(copy);
  return [
    freeze({
      dialplanNumber,
      name: copy.dialplanName,
      evaluate: compileSchedule(freeze(copy), timeZone),
      voicemail: freeze({
        email: textOrNull(anti?.timeConditionVoiceMail),
        announcement: textOrNull(anti?.timeConditionVoiceMailAnnounce),
      }),
    }),
  ];
}

/** Enabled gateways with a number, in row order. */
export function gatewayEntries(rows: readonly GatewayRow[]): GatewayEntry[] {
  return rows
    .filter((row) => isOn(row.enabled, true) && row.gateway.trim() !== '')
    .map((row) => freeze({ gatewayUuid: row.gatewayUuid, gateway: row.gateway.trim() }));
}

/** P1–P8 = 5901–5908; the valet lot is named after the number just below them, as FreeSWITCH holds it. */
export function parkSlots(domainName: string): readonly ParkSlot[] {
  const lot = `${PARK_NUMBER_RANGE.min - 1}@${domainName}`;
  const slots: ParkSlot[] = [];
  for (let n = PARK_NUMBER_RANGE.min; n <= PARK_NUMBER_RANGE.max; n++) {
    slots.push(freeze({ slot: n - PARK_NUMBER_RANGE.min + 1, slotNumber: String(n), lot }));
  }
  return freeze(slots);
}

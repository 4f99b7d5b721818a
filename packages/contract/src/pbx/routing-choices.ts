import { z } from 'zod';
import { extensionSchema } from './extension';
import { ivrMenuSchema } from './ivr';
import { ringGroupSchema } from './ring-group';
import { compareNumbers, groupOptions, numberLabel, type OptionGroup } from './shared';

/** GET /v1/common/initData/{domainUuid}: the tenant's call targets (extra fields of full rows are stripped). */
export const initDataSchema = z.object({
  extensions: z.array(extensionSchema.pick({ extension: true, effectiveCallerIdName: true })),
  ringGroups: z.array(
    ringGroupSchema.pick({ ringGroupExtension: true, ringGroupName: true, ringGroupContext: true }),
  ),
  ivrMenus: z.array(ivrMenuSchema.pick({ ivrMenuExtension: true, ivrMenuName: true })),
});
export type InitData = z.infer<typeof initDataSchema>;

/** Group labels of the IVR destination dropdown. */
export const DESTINATION_CHOICE_GROUPS = {
  ivr: 'IVR',
  ringGroup: 'グループ番号',
  extension: '内線',
} as const;
/** Group labels of the business-hours action select (the spec's ' IVR' sorting space is dropped: order is explicit). */
export const ACTION_OPTION_GROUPS = { ivr: 'IVR', ringGroup: 'グループ設定', extension: '内線' } as const;
/** Title of an extension without a caller name: '{ext} [内線]'. */
export const NO_CALLER_NAME = '内線';

/** A destination an IVR option can send a caller to (spec 3 "Destination choice (IVR)"). */
export interface DestinationChoice {
  /** The ivrMenuOptionParam stored for it. */
  value: string;
  /** '{ext} [{name}]' */
  title: string;
  ext: string;
  group: string;
}

/** An action target of a business-hours condition (spec 3 "Action option item"). */
export interface ActionOptionItem {
  /** The target's number, stored as timeConditionAction. */
  id: string;
  /** 'number [name]' */
  itemName: string;
  group: string;
}

interface Target {
  kind: 'ivr' | 'ringGroup' | 'extension';
  ext: string;
  name: string | null;
  /** The dialplan context, for ring groups. */
  context: string;
}

/** The tenant's call targets: IVRs, ring groups, then extensions, each sorted by number. */
function targets(init: InitData): Target[] {
  const byNumber = (a: Target, b: Target) => compareNumbers(a.ext, b.ext);
  const ivrs = init.ivrMenus.map((m): Target => ({
    kind: 'ivr',
    ext: m.ivrMenuExtension,
    name: m.ivrMenuName,
    context: '',
  }));
  const ringGroups = init.ringGroups.map((g): Target => ({
    kind: 'ringGroup',
    ext: g.ringGroupExtension,
    name: g.ringGroupName,
    context: g.ringGroupContext,
  }));
  const extensions = init.extensions.map((e): Target => ({
    kind: 'extension',
    ext: e.extension,
    name: e.effectiveCallerIdName,
    context: '',
  }));
  return [...ivrs.sort(byNumber), ...ringGroups.sort(byNumber), ...extensions.sort(byNumber)];
}

/** '{ext} [{name}]'; an extension without a caller name reads '{ext} [内線]'. */
function targetTitle(target: Target): string {
  return numberLabel(target.ext, target.name, target.kind === 'extension' ? NO_CALLER_NAME : '');
}

/** The ivrMenuOptionParam that sends a caller to the target. */
function destinationValue(target: Target, domainName: string): string {
  if (target.kind === 'ivr') return `transfer ${target.ext} XML ${domainName}`;
  if (target.kind === 'ringGroup') return `transfer ${target.ext} XML ${target.context}`;
  return `lua nit_ivr_record.lua ${target.ext}`;
}

/** Every IVR destination of the tenant, flat (IVRs, ring groups, extensions). */
export function ivrDestinations(init: InitData, domainName: string): DestinationChoice[] {
  return targets(init).map((t) => ({
    value: destinationValue(t, domainName),
    title: targetTitle(t),
    ext: t.ext,
    group: DESTINATION_CHOICE_GROUPS[t.kind],
  }));
}

/** The IVR destination dropdown, grouped IVR / グループ番号 / 内線. */
export function ivrDestinationChoices(init: InitData, domainName: string): OptionGroup<DestinationChoice>[] {
  return groupOptions(ivrDestinations(init, domainName));
}

/** The title of a stored option param, or the param itself when its target no longer exists. */
export function destinationTitle(choices: readonly DestinationChoice[], value: string): string {
  return choices.find((c) => c.value === value)?.title ?? value;
}

/** The business-hours action select items: id = the number, grouped IVR / グループ設定 / 内線. */
export function actionOptionItems(init: InitData): ActionOptionItem[] {
  return targets(init).map((t) => ({
    id: t.ext,
    itemName: targetTitle(t),
    group: ACTION_OPTION_GROUPS[t.kind],
  }));
}

/**
 * Bridge strings: which devices ring, together or one after another. Each target rings its desk
 * phones (every SIP registration) and, when the plan says so, its browsers (verto sessions).
 */
import type { RingTarget } from '../../routing';
import { plain } from './translation';

/** Characters that would end a [leg variable] or its value, or split the bridge string. */
const LEG_SYNTAX = /[,[\]{}|'"^]/g;

/**
 * The legs of one target: per-leg ring time and presence, so its channels are known as the extension's,
 * and the callee's directory name, which the caller's softphone shows once the leg answers (a desk
 * phone's answer names nobody: FreeSWITCH would show its default "Outbound Call").
 */
function targetLegs(target: RingTarget, domainName: string): string {
  const address = `${target.extension}@${domainName}`;
  const name = plain(target.name).replace(LEG_SYNTAX, ' ').trim();
  const callee = name ? `,origination_callee_id_name=${name}` : '';
  const vars = `[leg_timeout=${target.ringSeconds},presence_id=${address}${callee},origination_callee_id_number=${target.extension}]`;
  // Each expands to every registration of the user ('error/user_not_registered' when none, which
  // simply fails that leg while the others ring).
  const legs = [`${vars}\${sofia_contact(*/${address})}`];
  if (target.webPhones) legs.push(`${vars}\${verto_contact(${address})}`);
  return legs.join(',');
}

/** Targets all at once (',') or one after another ('|', each for its own ring time). */
export function bridgeTargets(
  targets: readonly RingTarget[],
  sequential: boolean,
  domainName: string,
): string {
  return targets.map((target) => targetLegs(target, domainName)).join(sequential ? '|' : ',');
}

/** The longest ring time among the targets: the whole bridge gives up after it. */
export function longestRing(targets: readonly RingTarget[]): number {
  return Math.max(0, ...targets.map((target) => target.ringSeconds));
}

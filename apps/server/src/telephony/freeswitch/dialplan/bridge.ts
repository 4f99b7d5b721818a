/**
 * Bridge strings: which devices ring, together or one after another. Each target rings its desk
 * phones (every SIP registration) and, when the plan says so, its browsers (verto sessions).
 */
import type { RingTarget } from '../../routing';

/** The legs of one target: per-leg ring time and presence, so its channels are known as the extension's. */
function targetLegs(target: RingTarget, domainName: string): string {
  const address = `${target.extension}@${domainName}`;
  const vars = `[leg_timeout=${target.ringSeconds},presence_id=${address}]`;
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

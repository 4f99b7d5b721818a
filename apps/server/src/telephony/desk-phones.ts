/** The tenant's desk phones as the presence tab shows them, from either engine's registrations. */
import type { DeskPhoneState } from '@tsunagu/contract';
import type { TenantConfig } from './routing';

/** The enabled extensions whose user takes calls on a desk phone. */
export function deskPhoneExtensions(config: TenantConfig): Set<string> {
  const phones = new Set<string>();
  for (const [number, extension] of config.extensions) {
    if (extension.enabled && extension.phoneType === 'phone') phones.add(number);
  }
  return phones;
}

/**
 * Every desk-phone extension with whether it is registered, plus any other extension with a desk
 * phone registered (a softphone user may also have a SIP phone on the desk), in number order.
 */
export function deskPhoneStates(config: TenantConfig, registered: ReadonlySet<string>): DeskPhoneState[] {
  const all = new Set([...deskPhoneExtensions(config), ...registered]);
  return [...all]
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    .map((extension) => ({ extension, registered: registered.has(extension) }));
}

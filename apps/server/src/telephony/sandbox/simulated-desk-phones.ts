/**
 * The registrations of the sandbox's simulated desk phones. A simulated desk phone is always plugged
 * in: it is registered while its extension's user takes calls on a desk phone, and unregisters when
 * that stops (a user switched to the softphone, an extension disabled). Each change is announced as
 * FreeSWITCH announces a SIP phone's (`registration`, kind 'sip'), once the tenant has been looked at.
 */
import type { DeskPhoneState } from '@tsunagu/contract';
import type { TenantConfigs } from '../config';
import { deskPhoneExtensions, deskPhoneStates } from '../desk-phones';
import type { EngineEvents } from '../engine';

export function createSimulatedDeskPhones(
  configs: Pick<TenantConfigs, 'byTenant'>,
  announce: (registration: EngineEvents['registration']) => void,
) {
  /** Registered extensions per tenant uuid, for tenants looked at so far. */
  const known = new Map<string, Set<string>>();

  /** Reads the tenant's desk phones and announces what changed since last time. */
  async function look(tenantUuid: string): Promise<DeskPhoneState[]> {
    const config = await configs.byTenant(tenantUuid);
    if (!config) return [];
    const now = deskPhoneExtensions(config);
    const before = known.get(tenantUuid);
    known.set(tenantUuid, now);
    if (before) {
      const { domainName } = config;
      for (const extension of now) {
        if (!before.has(extension)) announce({ domainName, extension, registered: true, kind: 'sip' });
      }
      for (const extension of before) {
        if (!now.has(extension)) announce({ domainName, extension, registered: false, kind: 'sip' });
      }
    }
    return deskPhoneStates(config, now);
  }

  return {
    /** The tenant's desk phones, all registered. */
    states: look,
    /**
     * The extension's password changed: its desk phone's registration is dropped, and the simulated
     * phone, which always holds the current password, registers again at once.
     */
    reRegister(domainName: string, tenantUuid: string, extension: string): void {
      if (!known.get(tenantUuid)?.has(extension)) return;
      announce({ domainName, extension, registered: false, kind: 'sip' });
      announce({ domainName, extension, registered: true, kind: 'sip' });
    },
    /** After a configuration change: announces the phones that came or went (tenants not looked at yet stay so). */
    async changed(tenantUuid: string): Promise<void> {
      if (known.has(tenantUuid)) await look(tenantUuid);
    },
  };
}

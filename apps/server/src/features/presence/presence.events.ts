import { topics, type DeskPhoneState } from '@tsunagu/contract';
import type { Db } from '../../platform/db/client';
import type { TelephonyEngine } from '../../telephony/engine';
import { tenantUuidByName } from './presence.repository';

export interface DeskPhoneEventsDeps {
  db: Db;
  engine: TelephonyEngine;
  publish: (topic: string, body: string) => void;
  onError: (error: unknown) => void;
}

/**
 * Turns the engine's desk-phone (SIP) registrations into /topic/deskPhone/{tenant}: the presence tab
 * shows a desk phone ready or not. Browsers' own sign-ins are not desk phones (the softphone shows them).
 */
export function publishDeskPhoneEvents({ db, engine, publish, onError }: DeskPhoneEventsDeps): () => void {
  return engine.on('registration', ({ domainName, extension, registered, kind }) => {
    if (kind !== 'sip') return;
    const body: DeskPhoneState = { extension, registered };
    tenantUuidByName(db, domainName)
      .then((tenantUuid) => {
        if (tenantUuid) publish(topics.deskPhone(tenantUuid), JSON.stringify(body));
      })
      .catch(onError);
  });
}

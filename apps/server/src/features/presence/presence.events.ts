import { topics, type DeskPhoneState, type SoftphoneState } from '@tsunagu/contract';
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
 * Turns the engine's desk-phone (SIP) registrations into /topic/deskPhone/{tenant} and browser
 * softphones' into /topic/softphone/{tenant}: the presence tab shows each phone ready or not.
 */
export function publishDeskPhoneEvents({ db, engine, publish, onError }: DeskPhoneEventsDeps): () => void {
  return engine.on('registration', ({ domainName, extension, registered, kind }) => {
    // A browser softphone signing in or out goes to /topic/softphone: presence tells "signed in to the
    // console" from "phone ready".
    const [topic, body] =
      kind === 'sip'
        ? [topics.deskPhone, { extension, registered } satisfies DeskPhoneState]
        : [topics.softphone, { extension, ready: registered } satisfies SoftphoneState];
    tenantUuidByName(db, domainName)
      .then((tenantUuid) => {
        if (tenantUuid) publish(topic(tenantUuid), JSON.stringify(body));
      })
      .catch(onError);
  });
}

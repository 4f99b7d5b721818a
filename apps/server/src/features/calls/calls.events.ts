import { ringBody, topics, type ParkTopicBody } from '@tsunagu/contract';
import type { Db } from '../../platform/db/client';
import type { ParkSlot, TelephonyEngine } from '../../telephony/engine';
import { tenantByName, usersOnExtension } from './calls.repository';

export interface CallEventsDeps {
  db: Db;
  engine: TelephonyEngine;
  publish: (topic: string, body: string) => void;
  onError: (error: unknown) => void;
}

/** The park topic's body: the occupied slots as FreeSWITCH's valet_info lists them. */
export function parkBody(domainName: string, slots: readonly ParkSlot[]): ParkTopicBody {
  const extension = slots
    .filter((s) => s.occupied)
    .map((s) => ({ content: Number(s.extension), uuid: `${domainName}-${s.slot}` }));
  return { lots: { lot: { name: `5900@${domainName}`, extension } } };
}

/** Turns the engine's ring, park and call-state events into the STOMP topics the console listens to. */
export function publishCallEvents({ db, engine, publish, onError }: CallEventsDeps): () => void {
  const run = (work: Promise<void>) => void work.catch(onError);
  const offs = [
    engine.on('ring', (ring) =>
      run(
        usersOnExtension(db, ring.domainName, ring.extension).then((userUuids) => {
          const body = ringBody(ring.extension, ring.callerName, ring.callerNumber, ring.clickToCall);
          for (const userUuid of userUuids) publish(topics.ring(userUuid), body);
        }),
      ),
    ),
    engine.on('park', ({ domainName, slots }) =>
      publish(topics.park(domainName), JSON.stringify(parkBody(domainName, slots))),
    ),
    engine.on('callState', ({ domainName }) =>
      run(
        tenantByName(db, domainName).then((tenant) => {
          if (tenant) publish(topics.callState(tenant.domainUuid), '');
        }),
      ),
    ),
  ];
  return () => offs.forEach((off) => off());
}

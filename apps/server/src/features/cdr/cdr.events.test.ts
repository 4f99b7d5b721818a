import { topics } from '@tsunagu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cdrs } from '../../platform/db/schema';
import { createMemoryBus } from '../../platform/realtime';
import type { CallRecord } from '../../telephony/engine';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp, type TestSession } from '../../testing/test-app';
import { createTestEngine } from '../../testing/test-engine';
import { createCallRecordStore } from './cdr.events';

const bus = createMemoryBus();
const engine = createTestEngine();
let t: TestApp;
/** A tenant of its own with extension 1001, whose calls the records are; no call before the first. */
let tenantName: string;
let tenantUuid: string;
let admin: TestSession;

beforeAll(async () => {
  t = await createTestApp({ deps: { bus, engine } });
  const tenant = await t.build.tenant();
  await t.build.extension(tenant, { extension: '1001' });
  const administrator = await t.build.user(tenant, { userClass: 'CP' });
  tenantName = tenant.domainName;
  tenantUuid = tenant.domainUuid;
  admin = await t.login(administrator.username, FACTORY_PASSWORD);
  await bus.subscribe(topics.recall(tenantUuid), (body) => published.push(Number(body)));
});
afterAll(async () => {
  await t.close();
  await bus.close();
});

let minute = 0;
function record(overrides: Partial<CallRecord>): CallRecord {
  const start = new Date(Date.UTC(2026, 10, 20, 9, minute++));
  return {
    domainName: tenantName,
    callUuid: `leg-${minute}`,
    extension: '1001',
    direction: 'inbound',
    callerIdName: '',
    callerIdNumber: '09011112222',
    destinationNumber: '1001',
    startStamp: start,
    answerStamp: null,
    endStamp: new Date(start.getTime() + 20_000),
    billsec: 0,
    hangupCause: 'NO_ANSWER',
    callId: `leg-${minute}`,
    originating: true,
    bridged: (overrides.billsec ?? 0) > 0,
    endedIn: '',
    outOfHours: false,
    ...overrides,
  };
}

/** Every recall count published, in order. */
const published: number[] = [];

/** Emits a record and checks the count it publishes, or (null) that it publishes none. */
async function deliver(r: CallRecord, count: number | null): Promise<void> {
  const rows = async () =>
    (await t.database.db.select().from(cdrs).where(eq(cdrs.callUuid, r.callUuid))).length;
  const seen = published.length;
  engine.emit('cdr', r);
  await vi.waitFor(async () => expect(await rows()).toBe(1));
  if (count === null) {
    // A message would follow the stored row by one index read.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(published.length).toBe(seen);
  } else await vi.waitFor(() => expect(published.slice(seen)).toEqual([count]));
}

describe('call records from the engine', () => {
  it('stores each leg once and counts the open recall items, one per missed call', async () => {
    await deliver(record({}), 1);
    // Another missed call from the same number is another item; an anonymous or internal one none at
    // all: the count stays, so nothing is published.
    await deliver(record({}), 2);
    await deliver(record({ callerIdNumber: 'Anonymous' }), null);
    await deliver(record({ callerIdNumber: '1002', direction: 'local' }), null);
    await deliver(record({ callerIdNumber: '0355556666' }), 3);
    // Calling back closes both items of the first number; a later answered call from the second closes its own.
    await deliver(
      record({
        direction: 'outbound',
        callerIdNumber: '1001',
        destinationNumber: '09011112222',
        billsec: 30,
      }),
      1,
    );
    await deliver(record({ callerIdNumber: '0355556666', billsec: 12 }), 0);
    const rows = await t.database.db.select().from(cdrs).where(eq(cdrs.domainUuid, tenantUuid));
    expect(rows).toHaveLength(7);
    expect(rows.every((r) => r.extensionUuid !== null)).toBe(true);
  });

  it('ignores a leg delivered twice and a record of an unknown tenant', async () => {
    const published: string[] = [];
    const store = createCallRecordStore({ db: t.database.db, publish: (topic) => published.push(topic) });
    const r = record({ callUuid: 'twice' });
    await store(r);
    await store(r);
    await store(record({ domainName: 'nowhere.example', callUuid: 'lost' }));
    expect(published).toEqual([topics.recall(tenantUuid)]);
    expect(await t.database.db.select().from(cdrs).where(eq(cdrs.callUuid, 'twice'))).toHaveLength(1);
    expect(await t.database.db.select().from(cdrs).where(eq(cdrs.callUuid, 'lost'))).toHaveLength(0);
    const res = await t.request(admin, { method: 'GET', url: `/api/v1/cdr/recall/${tenantUuid}` });
    expect(res.json().data).toEqual({ count: 1 });
  });
});

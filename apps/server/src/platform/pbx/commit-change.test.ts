import { Refusal } from '@tsunagu/contract/refusal';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Auth } from '../auth/auth-context';
import type { Database } from '../db/client';
import { auditLog, domains, speedDials } from '../db/schema';
import { uniqueViolation } from '../db/unique-violation';
import { openTestDatabase } from '../../testing/test-app';
import { commitChange } from './commit-change';
import type { ConfigKind, ConfigListener } from './config-kind';

let database: Database;
let tenantUuid: string;
const told: { tenantUuid: string; kind: ConfigKind }[] = [];
const engine: ConfigListener = {
  configChanged: (t: string, kind: ConfigKind) => void told.push({ tenantUuid: t, kind }),
};
const auth = { userUuid: randomUUID(), username: 'admin' } as Auth;

beforeAll(async () => {
  database = await openTestDatabase();
  tenantUuid = randomUUID();
  await database.db.insert(domains).values({ domainUuid: tenantUuid, domainName: 'unit.example' });
  await database.db.insert(speedDials).values({
    speedDialUuid: randomUUID(),
    domainUuid: tenantUuid,
    speedNumber: '01',
    phoneNumber: '0312345678',
  });
});
afterAll(() => database.close());

const duplicate = () => ({
  speedDialUuid: randomUUID(),
  domainUuid: tenantUuid,
  speedNumber: '01',
  phoneNumber: '09',
});
const change = {
  actor: { auth, ip: '127.0.0.1' },
  tenantUuid: '',
  kind: 'speedDial' as const,
  action: 'speedDial.save',
  conflicts: { speed_dials_domain_number_unique: 'speedDialNumberTaken' as const },
};

describe('uniqueViolation', () => {
  it('names the violated unique constraint through the driver and Drizzle wrappers', async () => {
    const error = await database.db
      .insert(speedDials)
      .values(duplicate())
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(uniqueViolation(error)).toBe('speed_dials_domain_number_unique');
    expect(uniqueViolation(new Error('other'))).toBeNull();
  });
});

describe('commitChange', () => {
  it('commits the work with its audit entry, then tells the engine', async () => {
    await commitChange({ db: database.db, engine }, { ...change, tenantUuid }, async (tx) => {
      await tx.insert(speedDials).values({ ...duplicate(), speedNumber: '02' });
      return { target: 'unit-ok' };
    });
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.target, 'unit-ok'));
    expect(entry).toMatchObject({ action: 'speedDial.save', username: 'admin', domainUuid: tenantUuid });
    expect(told).toEqual([{ tenantUuid, kind: 'speedDial' }]);
  });

  it('turns a unique-constraint race into a 409 with its message, rolling everything back', async () => {
    const failure = await commitChange({ db: database.db, engine }, { ...change, tenantUuid }, async (tx) => {
      await tx.insert(speedDials).values({ ...duplicate(), speedNumber: '03' });
      await tx.insert(speedDials).values(duplicate());
      return { target: 'unit-race' };
    }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(Refusal);
    expect(failure).toMatchObject({ failure: 'conflict', message: '登録済みの短縮番号です。' });
    const numbers = (await database.db.select().from(speedDials)).map((r) => r.speedNumber).sort();
    expect(numbers).toEqual(['01', '02']);
    expect(await database.db.select().from(auditLog).where(eq(auditLog.target, 'unit-race'))).toEqual([]);
    expect(told).toHaveLength(1);
  });
});

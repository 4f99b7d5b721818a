import { randomUUID } from 'node:crypto';
import { hashPassword } from '../platform/auth/passwords';
import { generateExtensionPassword, type SecretBox } from '../platform/crypto/secrets';
import type { Db } from '../platform/db/client';
import {
  cdrs,
  domains,
  extensions,
  gateways,
  ivrMenus,
  ringGroups,
  userGroupMembers,
  userGroups,
  users,
} from '../platform/db/schema';
import { STAFF_MENU } from '../platform/db/seed';
import { storeCallOf, type CallRow as FoldedCallRow } from '../platform/call-model/store-call';
import { applyCallToRecall } from '../platform/call-model/recall-life-cycle';

/** The password every built user signs in with. */
export const FACTORY_PASSWORD = 'Factory#2026';

type TenantRow = typeof domains.$inferSelect;
type ExtensionRow = typeof extensions.$inferSelect;
type UserRow = typeof users.$inferSelect;
type CallRow = typeof cdrs.$inferSelect;
type GatewayRow = typeof gateways.$inferSelect;
type UserGroupRow = typeof userGroups.$inferSelect;
type RingGroupRow = typeof ringGroups.$inferSelect;
type IvrMenuRow = typeof ivrMenus.$inferSelect;

/**
 * Builds the rows a test needs, in a tenant of its own, so its assertions never depend on the demo
 * data (model: Outline's server/test/factories.ts). Every name is unique in the database; each
 * builder takes overrides for what the test is about and fills in the rest.
 */
export interface Factories {
  tenant(overrides?: Partial<typeof domains.$inferInsert>): Promise<TenantRow>;
  extension(
    tenant: TenantRow,
    overrides?: Partial<Omit<typeof extensions.$inferInsert, 'domainUuid'>>,
  ): Promise<ExtensionRow>;
  /** A user (staff unless `userClass` says 'CP' or 'SP'); sign in with `FACTORY_PASSWORD`. */
  user(
    tenant: TenantRow,
    overrides?: Partial<Omit<typeof users.$inferInsert, 'domainUuid' | 'passwordHash'>>,
  ): Promise<UserRow>;
  /** An outside line (gateway) of the tenant. */
  gateway(
    tenant: TenantRow,
    overrides?: Partial<Omit<typeof gateways.$inferInsert, 'domainUuid'>>,
  ): Promise<GatewayRow>;
  /** A presence group with its members, in the order given. */
  userGroup(
    tenant: TenantRow,
    members: UserRow[],
    overrides?: Partial<Omit<typeof userGroups.$inferInsert, 'domainUuid'>>,
  ): Promise<UserGroupRow>;
  /** One finished call leg in the extension's history. */
  call(
    extension: ExtensionRow,
    overrides?: Partial<Omit<typeof cdrs.$inferInsert, 'domainUuid' | 'extensionUuid'>>,
  ): Promise<CallRow>;
  /**
   * A whole call as the intake stores it: its legs (the first is the caller's unless `originating` says
   * otherwise), then the call folded from them and the recall item a missed call opens.
   */
  foldedCall(
    tenant: TenantRow,
    legs: Partial<Omit<typeof cdrs.$inferInsert, 'domainUuid' | 'callId'>>[],
  ): Promise<FoldedCallRow>;
  /** A ring group without members (numbers from 300 up), in the tenant's context. */
  ringGroup(
    tenant: TenantRow,
    overrides?: Partial<Omit<typeof ringGroups.$inferInsert, 'domainUuid'>>,
  ): Promise<RingGroupRow>;
  /** An IVR menu without options (numbers from 5000 up). */
  ivrMenu(
    tenant: TenantRow,
    overrides?: Partial<Omit<typeof ivrMenus.$inferInsert, 'domainUuid'>>,
  ): Promise<IvrMenuRow>;
}

export function createFactories(db: Db, secrets: SecretBox): Factories {
  let sequence = 0;
  const unique = (prefix: string) => `${prefix}${++sequence}-${randomUUID().slice(0, 8)}`;
  // Per tenant and kind, the next free number (extensions from 2001, ring groups 300, IVR menus 5000).
  const numbers = new Map<string, number>();
  const nextNumber = (tenantUuid: string, kind: string, first: number) => {
    const key = `${tenantUuid}:${kind}`;
    const next = numbers.get(key) ?? first;
    numbers.set(key, next + 1);
    return String(next);
  };
  // The hash is slow by design; every built user shares one, made when the first is built.
  let hash: Promise<string> | undefined;
  const passwordHash = () => (hash ??= hashPassword(FACTORY_PASSWORD));

  return {
    async tenant(overrides = {}) {
      const values = { domainUuid: randomUUID(), domainName: `${unique('tenant')}.test.local`, ...overrides };
      const [row] = await db.insert(domains).values(values).returning();
      return row!;
    },
    async extension(tenant, overrides = {}) {
      const values = {
        extensionUuid: randomUUID(),
        domainUuid: tenant.domainUuid,
        extension: nextNumber(tenant.domainUuid, 'extension', 2001),
        passwordEnc: secrets.seal(generateExtensionPassword()),
        ...overrides,
      };
      const [row] = await db.insert(extensions).values(values).returning();
      return row!;
    },
    async user(tenant, overrides = {}) {
      const userClass = overrides.userClass ?? 'USER';
      const values = {
        userUuid: randomUUID(),
        domainUuid: tenant.domainUuid,
        username: unique('user'),
        passwordHash: await passwordHash(),
        userClass,
        menu: userClass === 'USER' ? STAFF_MENU : '[]',
        ...overrides,
      };
      const [row] = await db.insert(users).values(values).returning();
      return row!;
    },
    async gateway(tenant, overrides = {}) {
      const values = {
        gatewayUuid: randomUUID(),
        domainUuid: tenant.domainUuid,
        gateway: `03${String(++sequence).padStart(8, '0')}`,
        ...overrides,
      };
      const [row] = await db.insert(gateways).values(values).returning();
      return row!;
    },
    async userGroup(tenant, members, overrides = {}) {
      const values = {
        userGroupUuid: randomUUID(),
        domainUuid: tenant.domainUuid,
        name: unique('group'),
        ...overrides,
      };
      const [row] = await db.insert(userGroups).values(values).returning();
      if (members.length > 0)
        await db.insert(userGroupMembers).values(
          members.map((m, i) => ({
            userGroupUuid: row!.userGroupUuid,
            userUuid: m.userUuid,
            sortOrder: i,
          })),
        );
      return row!;
    },
    async call(extension, overrides = {}) {
      const values = {
        cdrUuid: randomUUID(),
        domainUuid: extension.domainUuid,
        extensionUuid: extension.extensionUuid,
        callUuid: unique('call'),
        direction: 'inbound' as const,
        startStamp: new Date(),
        ...overrides,
      };
      const [row] = await db.insert(cdrs).values(values).returning();
      return row!;
    },
    async foldedCall(tenant, legs) {
      const callId = randomUUID();
      const startStamp = new Date();
      return db.transaction(async (tx) => {
        await tx.insert(cdrs).values(
          legs.map((leg, index) => ({
            cdrUuid: randomUUID(),
            domainUuid: tenant.domainUuid,
            callUuid: randomUUID(),
            callId,
            originating: index === 0,
            direction: 'inbound' as const,
            startStamp,
            ...leg,
          })),
        );
        const stored = await storeCallOf(tx, tenant.domainUuid, callId);
        if (!stored) throw new Error('foldedCall: no originating leg, so no call was stored');
        await applyCallToRecall(tx, stored.call);
        return stored.call;
      });
    },
    async ringGroup(tenant, overrides = {}) {
      const values = {
        ringGroupUuid: randomUUID(),
        domainUuid: tenant.domainUuid,
        ringGroupContext: tenant.domainName,
        ringGroupName: unique('group'),
        ringGroupExtension: nextNumber(tenant.domainUuid, 'ringGroup', 300),
        ...overrides,
      };
      const [row] = await db.insert(ringGroups).values(values).returning();
      return row!;
    },
    async ivrMenu(tenant, overrides = {}) {
      const values = {
        ivrMenuUuid: randomUUID(),
        domainUuid: tenant.domainUuid,
        ivrMenuName: unique('ivr'),
        ivrMenuExtension: nextNumber(tenant.domainUuid, 'ivrMenu', 5000),
        ivrMenuGreetLong: '',
        ...overrides,
      };
      const [row] = await db.insert(ivrMenus).values(values).returning();
      return row!;
    },
  };
}

import { randomUUID } from 'node:crypto';
import { topics, USER_CLASS } from '@tsunagu/contract';
import { Refusal } from '@tsunagu/contract/refusal';
import {
  QUOTA_NAMES,
  tenantMessages,
  type TenantDetail,
  type tenantCreateSchema,
  type tenantEditSchema,
  type tenantQuerySchema,
} from '@tsunagu/contract/tenant-admin';
import type { Page } from '@tsunagu/contract/paging';
import type { ForceLogoutBody } from '@tsunagu/contract/realtime';
import type { TenantRow } from '@tsunagu/contract/tenant-admin';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { auditedTransaction, type Actor } from '../../platform/audit/audited-transaction';
import { generateUserPassword } from '../../platform/auth/generated-password';
import { hashPassword } from '../../platform/auth/passwords';
import type { SecretBox } from '../../platform/crypto/secrets';
import { generateExtensionPassword } from '../../platform/crypto/secrets';
import type { Db, Tx } from '../../platform/db/client';
import { keysetPageAnswer } from '../../platform/db/paging';
import { domains, extensions, users } from '../../platform/db/schema';
import type { ConfigKind, ConfigListener } from '../../platform/pbx/config-kind';
import type { SessionNotifier } from '../../platform/realtime';
import { quotaUsed, type CountedQuota } from '../../platform/tenants/quotas';
import {
  endTenantSessions,
  extensionNumbers,
  extensionsCallingFrom,
  findTenant,
  quotaColumns,
  replaceIncomingNumbers,
  replaceLines,
  tenantDetail,
  tenantRows,
  tenantTotal,
} from './tenants.repository';

/** Every kind of configuration: a tenant stopping or starting changes all of it for the engine. */
const ALL_KINDS: readonly ConfigKind[] = [
  'extension',
  'ringGroup',
  'ivr',
  'destination',
  'speedDial',
  'recording',
  'schedule',
];

export interface TenantsServiceDeps {
  db: Db;
  secrets: SecretBox;
  realtime: SessionNotifier;
  /** The engine (broadcast to every instance): told when a tenant stops or starts. */
  engine: ConfigListener & { dropRegistrations(tenantUuid: string, extension: string): Promise<void> };
  onError: (error: unknown) => void;
  now?: () => Date;
}

type Create = z.output<typeof tenantCreateSchema>;
type Edit = z.output<typeof tenantEditSchema>;

export function createTenantsService({
  db,
  secrets,
  realtime,
  engine,
  onError,
  now = () => new Date(),
}: TenantsServiceDeps) {
  /** Refuses lowering a quota below what the tenant already uses. */
  async function checkQuotasCover(tx: Tx, tenantUuid: string, edit: Edit) {
    const counted: [CountedQuota, number][] = [
      ['maxUsers', edit.quotas.maxUsers],
      ['maxExtensions', edit.quotas.maxExtensions],
      ['maxRingGroups', edit.quotas.maxRingGroups],
      ['maxIvrMenus', edit.quotas.maxIvrMenus],
    ];
    for (const [quota, limit] of counted) {
      const used = await quotaUsed(tx, tenantUuid, quota);
      if (used > limit)
        throw new Refusal('conflict', 'tenantQuotaBelowUse', {
          text: tenantMessages.quotaBelowUse(QUOTA_NAMES[quota], used),
        });
    }
  }

  /** Lines and incoming numbers as the edit lists them, in the change's transaction. */
  async function applyLinesAndNumbers(tx: Tx, tenantUuid: string, edit: Edit) {
    const kept = new Set(edit.lines.map((l) => l.number));
    for (const [number, users] of await extensionsCallingFrom(tx, tenantUuid))
      if (!kept.has(number))
        throw new Refusal('conflict', 'tenantLineInUse', { text: tenantMessages.lineInUse(number, users) });
    await replaceLines(tx, tenantUuid, edit.lines);
    const taken = await replaceIncomingNumbers(tx, tenantUuid, edit.numbers);
    if (taken)
      throw new Refusal('conflict', 'tenantIncomingTaken', { text: tenantMessages.incomingTaken(taken) });
  }

  /** After a tenant stops: its sessions' sockets close everywhere, its phones are dropped, routes reload. */
  async function afterStop(tenantUuid: string, ended: string[], userUuids: string[], numbers: string[]) {
    // The login page then says why: the tenant stopped, not an administrator acting on this user.
    const body: ForceLogoutBody = { reason: 'tenantStopped' };
    for (const userUuid of userUuids) await realtime.publish(topics.force(userUuid), JSON.stringify(body));
    await realtime.endSessions(ended);
    for (const kind of ALL_KINDS) engine.configChanged(tenantUuid, kind);
    await Promise.all(numbers.map((n) => engine.dropRegistrations(tenantUuid, n).catch(onError)));
  }

  /** Disables (and optionally marks deleted) in one transaction; ends everything live afterwards. */
  async function stop(actor: Actor, tenantUuid: string, action: string, deleting: string | null) {
    const note = await auditedTransaction(db, { actor, tenantUuid, action }, async (tx) => {
      const tenant = await findTenant(tx, tenantUuid, true);
      if (!tenant || tenant.deletedAt) throw new Refusal('not-found', 'notFound');
      if (deleting !== null && deleting !== tenant.domainName)
        throw new Refusal('invalid', 'tenantConfirmName');
      if (tenantUuid === (actor.auth.acting?.homeDomainUuid ?? actor.auth.domainUuid))
        throw new Refusal('conflict', 'tenantOwnTenantStop');
      const t = now();
      await tx
        .update(domains)
        .set({ enabled: false, ...(deleting !== null ? { deletedAt: t } : {}) })
        .where(eq(domains.domainUuid, tenantUuid));
      const ended = await endTenantSessions(tx, tenantUuid, t);
      const members = await tx
        .select({ userUuid: users.userUuid })
        .from(users)
        .where(eq(users.domainUuid, tenantUuid));
      return {
        target: tenant.domainName,
        detail: { sessions: ended.length },
        ended,
        userUuids: members.map((r) => r.userUuid),
        numbers: await extensionNumbers(tx, tenantUuid),
      };
    });
    await afterStop(tenantUuid, note.ended, note.userUuids, note.numbers);
  }

  return {
    async list(query: z.output<typeof tenantQuerySchema>): Promise<Page<TenantRow>> {
      // Keyset paging from the anchor the client sent. The total is the kept count of 0041; a search's
      // matches are counted on its first page only and carried in its anchors.
      const filter = { q: query.q, state: query.state };
      return keysetPageAnswer(
        query,
        () => tenantTotal(db, filter),
        (total, page) => tenantRows(db, filter, query.sort, total, page),
        (row) => row.domainUuid,
        { countOnce: Boolean(filter.q) },
      );
    },

    async get(tenantUuid: string): Promise<TenantDetail> {
      const detail = await tenantDetail(db, tenantUuid);
      if (!detail) throw new Refusal('not-found', 'notFound');
      return detail;
    },

    /**
     * The creation wizard, in one transaction: the tenant with its quotas, its first administrator (the
     * password typed or generated, answered once), its first extensions, lines and incoming numbers.
     */
    async create(actor: Actor, input: Create) {
      const tenantUuid = randomUUID();
      const password = input.admin.password ?? generateUserPassword();
      const passwordHash = await hashPassword(password);
      const change = {
        actor,
        tenantUuid,
        action: 'tenant.create',
        conflicts: {
          domains_domain_name_key: 'tenantDomainNameTaken',
          users_username_unique: 'tenantLoginIdTaken',
          destinations_number_unique: 'tenantIncomingTaken',
        },
      } as const;
      // The first administrator is the tenant's first user.
      if (input.quotas.maxUsers < 1)
        throw new Refusal('invalid', 'tenantQuotaReached', {
          text: tenantMessages.quotaReached(QUOTA_NAMES.maxUsers, input.quotas.maxUsers),
        });
      await auditedTransaction(db, change, async (tx) => {
        const [sameName] = await tx
          .select({ domainUuid: domains.domainUuid })
          .from(domains)
          .where(eq(domains.domainName, input.domainName));
        if (sameName) throw new Refusal('conflict', 'tenantDomainNameTaken');
        if (await loginIdTaken(tx, input.admin.username)) throw new Refusal('conflict', 'tenantLoginIdTaken');
        await tx.insert(domains).values({
          domainUuid: tenantUuid,
          domainName: input.domainName,
          domainDescription: input.domainDescription,
          ...quotaColumns(input.quotas),
        });
        await tx.insert(users).values({
          userUuid: randomUUID(),
          domainUuid: tenantUuid,
          username: input.admin.username,
          userNm: input.admin.userNm,
          passwordHash,
          userClass: USER_CLASS.tenantAdmin,
        });
        const range = input.extensions;
        if (range) {
          const width = range.from.length;
          const rows = [];
          for (let n = Number(range.from); n <= Number(range.to); n++)
            rows.push({
              extensionUuid: randomUUID(),
              domainUuid: tenantUuid,
              extension: String(n).padStart(width, '0'),
              passwordEnc: secrets.seal(generateExtensionPassword()),
            });
          await tx.insert(extensions).values(rows);
        }
        await applyLinesAndNumbers(tx, tenantUuid, input);
        return {
          target: input.domainName,
          detail: {
            domainDescription: input.domainDescription,
            quotas: input.quotas,
            admin: input.admin.username,
            extensions: range ? `${range.from}-${range.to}` : null,
            lines: input.lines.length,
            numbers: input.numbers.length,
          },
        };
      });
      return { domainUuid: tenantUuid, username: input.admin.username, password };
    },

    /** Description, quotas (never below what is used), lines and incoming numbers. */
    async save(actor: Actor, tenantUuid: string, edit: Edit): Promise<void> {
      const change = { actor, tenantUuid, action: 'tenant.save' };
      await auditedTransaction(db, change, async (tx) => {
        const tenant = await findTenant(tx, tenantUuid, true);
        if (!tenant || tenant.deletedAt) throw new Refusal('not-found', 'notFound');
        await checkQuotasCover(tx, tenantUuid, edit);
        await tx
          .update(domains)
          .set({ domainDescription: edit.domainDescription, ...quotaColumns(edit.quotas) })
          .where(eq(domains.domainUuid, tenantUuid));
        await applyLinesAndNumbers(tx, tenantUuid, edit);
        return {
          target: tenant.domainName,
          detail: {
            before: { domainDescription: tenant.domainDescription },
            ...edit,
          },
        };
      });
      engine.configChanged(tenantUuid, 'destination');
      engine.configChanged(tenantUuid, 'extension');
    },

    disable: (actor: Actor, tenantUuid: string) => stop(actor, tenantUuid, 'tenant.disable', null),

    async enable(actor: Actor, tenantUuid: string): Promise<void> {
      await auditedTransaction(db, { actor, tenantUuid, action: 'tenant.enable' }, async (tx) => {
        const tenant = await findTenant(tx, tenantUuid, true);
        if (!tenant || tenant.deletedAt) throw new Refusal('not-found', 'notFound');
        await tx.update(domains).set({ enabled: true }).where(eq(domains.domainUuid, tenantUuid));
        return { target: tenant.domainName };
      });
      for (const kind of ALL_KINDS) engine.configChanged(tenantUuid, kind);
    },

    /** Typing the domain name confirms; the tenant is hidden and stopped at once, purged later. */
    remove: (actor: Actor, tenantUuid: string, confirm: string) =>
      stop(actor, tenantUuid, 'tenant.delete', confirm.trim()),

    /** A deleted tenant comes back disabled: the provider enables it when ready. */
    async restore(actor: Actor, tenantUuid: string): Promise<void> {
      await auditedTransaction(db, { actor, tenantUuid, action: 'tenant.restore' }, async (tx) => {
        const tenant = await findTenant(tx, tenantUuid, true);
        if (!tenant) throw new Refusal('not-found', 'notFound');
        if (!tenant.deletedAt) throw new Refusal('conflict', 'tenantNotDeleted');
        await tx.update(domains).set({ deletedAt: null }).where(eq(domains.domainUuid, tenantUuid));
        return { target: tenant.domainName };
      });
    },
  };
}

/** Login IDs are unique across every tenant regardless of case. */
async function loginIdTaken(tx: Tx, username: string): Promise<boolean> {
  const [row] = await tx
    .select({ userUuid: users.userUuid })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return Boolean(row);
}

export type TenantsService = ReturnType<typeof createTenantsService>;

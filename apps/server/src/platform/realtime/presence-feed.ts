import { topics, type LoginUser, type LoginUserMessage } from '@tsunagu/contract';
import type { Db } from '../db/client';
import type { Bus, Unsubscribe } from './bus';
import {
  onlineCountsOfUsers,
  onlineSessionCounts,
  writeConnections,
  type PresenceChange,
} from './presence.repository';

export interface PresenceFeedDeps {
  db: Db;
  bus: Bus;
  instanceId: string;
  now: () => Date;
  onError: (error: unknown) => void;
  /** Batches wait for this (the instance's claim on its rows). */
  ready?: Promise<unknown>;
  /** How many connections this instance holds open for a session now (0: none). */
  connectionsOf(sessionUuid: string): number;
  /** Delivers to this instance's subscribers only. */
  publishLocal(topic: string, body: string): void;
  /** Hears every user's online count this instance worked out (loginCnt 0 = signed out), after publishing. */
  onCounts?: (counts: readonly PresenceCount[]) => void;
  /** The first wait of a batch; it doubles while changes keep coming, up to maxBatchMs. */
  batchMs?: number;
  maxBatchMs?: number;
}

/** A user's online count as a batch worked it out. */
export interface PresenceCount {
  domainUuid: string;
  userUuid: string;
  loginCnt: number;
}

/** What this instance knows of a tenant it has connections of: who is online, kept by the changes. */
interface Tenant {
  online: Map<string, number>;
  holders: number;
  /** Loaded: `online` is what every subscriber of the tenant holds. */
  known: boolean;
  /** Settles once the bus delivers the tenant's changes and the whole list has been read (unset: failed). */
  loaded?: Promise<void>;
  /** While loading: users named by changes meanwhile. */
  touched?: Set<string>;
  subscribed: Promise<Unsubscribe>;
  /** The whole list as sent, made once per change: a mass reconnect asks for it once per client. */
  snapshot?: string;
}

const body = (message: LoginUserMessage) => JSON.stringify(message);
const asList = (online: ReadonlyMap<string, number>): LoginUser[] =>
  [...online].map(([userUuid, loginCnt]) => ({ userUuid, loginCnt }));

/**
 * Presence without N² frames: connects and disconnects of a burst are collected and written in one
 * statement, their users' counts read in one more, and each tenant told only who changed, in one
 * message per batch. A new subscriber gets the whole list once, from what this instance keeps.
 */
export function createPresenceFeed({
  db,
  bus,
  instanceId,
  now,
  onError,
  ready = Promise.resolve(),
  connectionsOf,
  publishLocal,
  onCounts,
  batchMs = 100,
  maxBatchMs = 4_000,
}: PresenceFeedDeps) {
  const pendingSessions = new Set<string>();
  const pendingUsers = new Map<string, Set<string>>();
  const tenants = new Map<string, Tenant>();
  let delay = batchMs;
  let lastFlush = -Infinity;
  let batch: { timer: NodeJS.Timeout; done: Promise<void>; start: () => void } | undefined;
  let running: Promise<void> = Promise.resolve();

  const addUsers = (changes: Iterable<PresenceChange>) => {
    for (const { domainUuid: tenantUuid, userUuid } of changes) {
      const users = pendingUsers.get(tenantUuid);
      if (users) users.add(userUuid);
      else pendingUsers.set(tenantUuid, new Set([userUuid]));
    }
  };

  async function flush(): Promise<void> {
    const sessions = new Map([...pendingSessions].map((s) => [s, connectionsOf(s)]));
    const users = [...pendingUsers].flatMap(([tenantUuid, set]) =>
      [...set].map((userUuid) => ({ domainUuid: tenantUuid, userUuid })),
    );
    pendingSessions.clear();
    pendingUsers.clear();
    try {
      if (sessions.size > 0) await writeConnections(db, instanceId, sessions, now());
      const counts = await onlineCountsOfUsers(db, [...new Set(users.map((u) => u.userUuid))], now());
      const byTenant = new Map<string, LoginUser[]>();
      for (const { domainUuid: tenantUuid, userUuid } of users) {
        const loginCnt = counts.get(userUuid) ?? 0;
        // What every subscriber was already told (a loaded list follows every message) needs no message.
        const tenant = tenants.get(tenantUuid);
        if (tenant?.known && (tenant.online.get(userUuid) ?? 0) === loginCnt) continue;
        const changed = byTenant.get(tenantUuid);
        if (changed) changed.push({ userUuid, loginCnt });
        else byTenant.set(tenantUuid, [{ userUuid, loginCnt }]);
      }
      await Promise.all(
        [...byTenant].map(([tenantUuid, changed]) =>
          bus.publish(topics.loginUser(tenantUuid), body({ changed })),
        ),
      );
      onCounts?.(users.map((u) => ({ ...u, loginCnt: counts.get(u.userUuid) ?? 0 })));
    } catch (error) {
      // Kept for the next batch (the heartbeat retries): the database is what every instance reads.
      for (const sessionUuid of sessions.keys()) pendingSessions.add(sessionUuid);
      addUsers(users);
      throw error;
    }
  }

  /** One batch after another; a failed one is logged and its changes kept for the next. */
  function run(): Promise<void> {
    running = running
      .then(() => ready)
      .then(flush)
      .catch(onError)
      .finally(() => (lastFlush = Date.now()));
    return running;
  }

  /**
   * Runs a batch soon: 100 ms after a quiet spell; while changes keep coming each wait doubles, up to
   * 4 s, so that a reconnect storm costs each client a handful of frames, not one per 100 ms.
   */
  function schedule(): Promise<void> {
    if (batch) return batch.done;
    delay = Date.now() - lastFlush < delay ? Math.min(delay * 2, maxBatchMs) : batchMs;
    let start!: () => void;
    const done = new Promise<void>((resolve) => (start = () => resolve(run())));
    batch = { timer: setTimeout(() => flushNow(), delay), done, start };
    return done;
  }

  /** Runs what is pending now (shutdown, heartbeat retry); settles when it is done. */
  function flushNow(): Promise<void> {
    if (!batch) return run();
    const { timer, done, start } = batch;
    batch = undefined;
    clearTimeout(timer);
    start();
    return done;
  }

  function apply(tenant: Tenant, changed: readonly LoginUser[]) {
    tenant.snapshot = undefined;
    for (const { userUuid, loginCnt } of changed) {
      tenant.touched?.add(userUuid);
      if (loginCnt > 0) tenant.online.set(userUuid, loginCnt);
      else tenant.online.delete(userUuid);
    }
  }

  /** Reads the tenant's whole list once its changes reach this instance; a failure is retried later. */
  function load(tenantUuid: string, tenant: Tenant): Promise<void> {
    // Changes arriving while the whole list is read are newer than it for the users they name.
    tenant.touched = new Set();
    const loading = tenant.subscribed
      .then(() => onlineSessionCounts(db, tenantUuid, now()))
      .then((counts) => {
        for (const [userUuid, n] of counts)
          if (!tenant.touched?.has(userUuid)) tenant.online.set(userUuid, n);
        tenant.snapshot = undefined;
        tenant.touched = undefined;
        tenant.known = true;
      });
    loading.catch(() => (tenant.loaded = undefined));
    return loading;
  }

  function watch(tenantUuid: string): Tenant {
    const existing = tenants.get(tenantUuid);
    if (existing) return existing;
    const tenant: Tenant = { online: new Map(), holders: 0, known: false, subscribed: null! };
    tenant.subscribed = bus.subscribe(topics.loginUser(tenantUuid), (payload) => {
      const message = JSON.parse(payload) as LoginUserMessage;
      if (!Array.isArray(message)) return apply(tenant, message.changed);
      tenant.online = new Map(message.map((u) => [u.userUuid, u.loginCnt]));
      tenant.snapshot = undefined;
    });
    tenant.loaded = load(tenantUuid, tenant);
    tenants.set(tenantUuid, tenant);
    return tenant;
  }

  function release(tenantUuid: string): void {
    const tenant = tenants.get(tenantUuid);
    if (!tenant || --tenant.holders > 0) return;
    tenants.delete(tenantUuid);
    tenant.subscribed.then((unsubscribe) => unsubscribe()).catch(() => {});
  }

  return {
    /**
     * A session opened or closed a connection here: its row and its user's count follow in a batch.
     * Settles once that batch is done (failures go to onError).
     */
    sessionChanged(sessionUuid: string, change: PresenceChange): Promise<void> {
      pendingSessions.add(sessionUuid);
      addUsers([change]);
      return schedule();
    },
    /** These users' counts may have changed (sessions revoked, instances gone): their tenants are told. */
    usersChanged(changes: Iterable<PresenceChange>): Promise<void> {
      addUsers(changes);
      return pendingUsers.size > 0 ? schedule() : Promise.resolve();
    },
    /** Every connection of this instance is written again (its rows were lost or a write failed). */
    rewrite(sessions: Iterable<[string, PresenceChange]>): void {
      for (const [sessionUuid, change] of sessions) {
        pendingSessions.add(sessionUuid);
        addUsers([change]);
      }
    },
    pending: () => pendingSessions.size > 0 || pendingUsers.size > 0,
    flushNow,
    /** This instance holds a connection of the tenant: keep its list. */
    hold(tenantUuid: string): void {
      watch(tenantUuid).holders += 1;
    },
    /** ... and no longer: forget the list once no connection of the tenant is left. */
    release,
    /** The whole list for a new subscriber (the spec's body), from memory once the tenant is loaded. */
    async snapshot(tenantUuid: string): Promise<string> {
      const tenant = watch(tenantUuid);
      await (tenant.loaded ??= load(tenantUuid, tenant));
      return (tenant.snapshot ??= body(asList(tenant.online)));
    },
    /**
     * After a spell without sharing, other instances' changes were missed: each tenant's list is read
     * again and this instance's subscribers told the difference.
     */
    async resync(): Promise<void> {
      await Promise.all(
        [...tenants].map(async ([tenantUuid, tenant]) => {
          const counts = await onlineSessionCounts(db, tenantUuid, now());
          const changed: LoginUser[] = [...tenant.online.keys()]
            .filter((userUuid) => !counts.has(userUuid))
            .map((userUuid) => ({ userUuid, loginCnt: 0 }));
          for (const [userUuid, loginCnt] of counts)
            if (tenant.online.get(userUuid) !== loginCnt) changed.push({ userUuid, loginCnt });
          apply(tenant, changed);
          if (changed.length > 0) publishLocal(topics.loginUser(tenantUuid), body({ changed }));
        }),
      );
    },
    close(): void {
      clearTimeout(batch?.timer);
      for (const [tenantUuid, tenant] of [...tenants]) {
        tenant.holders = 1;
        release(tenantUuid);
      }
    },
  };
}

export type PresenceFeed = ReturnType<typeof createPresenceFeed>;

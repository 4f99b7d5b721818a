/**
 * Tenants' routing snapshots, built from the database on first use and kept until the tenant's
 * configuration changes. Engines name tenants by domain name, so the name ↔ id map is kept too.
 */
import type { Db } from '../../platform/db/client';
import type { ConfigKind } from '../engine';
import { buildTenantConfig, type TenantConfig } from '../routing';
import { findTenantByName, loadTenantRows } from './tenant-rows.repository';

export interface TenantConfigs {
  /** The tenant's snapshot, or null when the tenant does not exist. */
  byTenant(tenantUuid: string): Promise<TenantConfig | null>;
  /** The snapshot of the tenant called `domainName`, or null. */
  byDomainName(domainName: string): Promise<TenantConfig | null>;
  /** The id of the tenant called `domainName`, or null. */
  tenantUuidOf(domainName: string): Promise<string | null>;
  /** Forgets the tenant's snapshot (and its name): the next call reads the database again. */
  invalidate(tenantUuid: string, kind?: ConfigKind): void;
}

/** A per-tenant cache of routing snapshots over `db`. */
export function createTenantConfigs({ db }: { db: Db }): TenantConfigs {
  const snapshots = new Map<string, Promise<TenantConfig | null>>();
  const names = new Map<string, string>();

  function byTenant(tenantUuid: string): Promise<TenantConfig | null> {
    const cached = snapshots.get(tenantUuid);
    if (cached) return cached;
    // The promise is cached, so callers arriving during the load share it. A change committed while
    // it loads removes it (invalidate), so the next caller reads again rather than keep stale rows.
    const loading = loadTenantRows(db, tenantUuid).then((rows) => (rows ? buildTenantConfig(rows) : null));
    snapshots.set(tenantUuid, loading);
    loading.then(
      (config) => {
        if (config === null && snapshots.get(tenantUuid) === loading) snapshots.delete(tenantUuid);
      },
      () => {
        if (snapshots.get(tenantUuid) === loading) snapshots.delete(tenantUuid);
      },
    );
    return loading;
  }

  async function tenantUuidOf(domainName: string): Promise<string | null> {
    const known = names.get(domainName);
    if (known) return known;
    const tenant = await findTenantByName(db, domainName);
    if (tenant) names.set(domainName, tenant.domainUuid);
    return tenant?.domainUuid ?? null;
  }

  return {
    byTenant,
    tenantUuidOf,
    async byDomainName(domainName) {
      const tenantUuid = await tenantUuidOf(domainName);
      return tenantUuid ? byTenant(tenantUuid) : null;
    },
    invalidate(tenantUuid) {
      snapshots.delete(tenantUuid);
      for (const [name, uuid] of names) if (uuid === tenantUuid) names.delete(name);
    },
  };
}

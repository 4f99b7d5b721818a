import { endpoints } from '@tsunagu/contract/api';
import type { Page } from '@tsunagu/contract/paging';
import type { TenantCreate, TenantEdit, TenantQuery, TenantRow } from '@tsunagu/contract/tenant-admin';
import { fetchData } from '../../shared/api/client';
import { fetchAnchoredQuery } from '../../shared/api/page-anchors';
import type { ListState } from '../../shared/ui/list-url-state';

/** The tenant list's query from the list screen's state. */
export function tenantQuery(state: ListState): TenantQuery {
  const { q, state: shown } = state.filters;
  return {
    page: state.page,
    size: state.size,
    sort: state.sort,
    ...(q ? { q } : {}),
    ...(shown === 'deleted' ? { state: 'deleted' as const } : {}),
  };
}

/**
 * A page of the tenant list, sent with the anchor of the nearest page held (keyset paging: a deep page
 * costs the server what the first one does). The anchors are kept per filter, size and order.
 */
export const getTenantPage = (state: ListState, signal?: AbortSignal): Promise<Page<TenantRow>> =>
  fetchAnchoredQuery('tenants', state.page, tenantQuery(state), (query) =>
    fetchData(endpoints.tenantList, { query, signal }),
  );

/** Every tenant of the filter, page by page (the export; tenants are few). */
export async function getAllTenants(state: ListState): Promise<TenantRow[]> {
  const rows: TenantRow[] = [];
  for (let page = 0; ; page++) {
    const answer = await fetchData(endpoints.tenantList, {
      query: { ...tenantQuery(state), page, size: 100 },
    });
    rows.push(...answer.content);
    if (rows.length >= answer.totalElements || answer.content.length === 0) return rows;
  }
}

export const getTenant = (domainUuid: string) => fetchData(endpoints.tenantGet, { params: { domainUuid } });
export const createTenant = (body: TenantCreate) => fetchData(endpoints.tenantCreate, { body });
export const saveTenant = (domainUuid: string, body: TenantEdit) =>
  fetchData(endpoints.tenantSave, { params: { domainUuid }, body });
export const disableTenant = (domainUuid: string) =>
  fetchData(endpoints.tenantDisable, { params: { domainUuid } });
export const enableTenant = (domainUuid: string) =>
  fetchData(endpoints.tenantEnable, { params: { domainUuid } });
export const deleteTenant = (domainUuid: string, confirm: string) =>
  fetchData(endpoints.tenantDelete, { params: { domainUuid }, query: { confirm } });
export const restoreTenant = (domainUuid: string) =>
  fetchData(endpoints.tenantRestore, { params: { domainUuid } });
export const startActing = (domainUuid: string, reason: string) =>
  fetchData(endpoints.actingStart, { params: { domainUuid }, body: { reason } });

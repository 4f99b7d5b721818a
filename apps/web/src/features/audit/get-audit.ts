import { endpoints } from '@tsunagu/contract/api';
import type { AuditEntry, AuditQuery } from '@tsunagu/contract/audit';
import type { Page } from '@tsunagu/contract/paging';
import { fetchData } from '../../shared/api/client';
import type { ListState } from '../../shared/ui/list-url-state';
import { periodBounds } from '../../shared/ui/server-list-screen';

/** The audit query of a list state (the period's dates become instants in the browser's time zone). */
export function auditQuery(state: ListState): AuditQuery {
  const { username, action, scope } = state.filters;
  return {
    page: state.page,
    size: state.size,
    sort: state.sort,
    ...(username ? { username } : {}),
    ...(action ? { action: action as AuditQuery['action'] } : {}),
    ...periodBounds(state.filters),
    ...(scope === 'all' ? { allTenants: 'true' as const } : {}),
  };
}

/** GET /v1/audit/{domainUuid}: one page. */
export function getAuditPage(
  domainUuid: string,
  state: ListState,
  signal?: AbortSignal,
): Promise<Page<AuditEntry>> {
  return fetchData(endpoints.auditList, { params: { domainUuid }, query: auditQuery(state), signal });
}

/** GET /v1/audit/{domainUuid}/export: the whole filtered trail. */
export function getAuditExport(domainUuid: string, state: ListState): Promise<AuditEntry[]> {
  return fetchData(endpoints.auditExport, { params: { domainUuid }, query: auditQuery(state) });
}

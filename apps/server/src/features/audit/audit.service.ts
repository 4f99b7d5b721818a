import type { AuditEntry } from '@tsunagu/contract/audit';
import { Refusal } from '@tsunagu/contract/refusal';
import { EXPORT_MAX_ROWS, type Page } from '@tsunagu/contract/paging';
import type { Parsed, endpoints } from '@tsunagu/contract';
import { can } from '@tsunagu/contract/permissions';
import type { Auth } from '../../platform/auth/auth-context';
import type { Db } from '../../platform/db/client';
import { pageOf, pageTotal, pageWindow } from '../../platform/db/paging';
import { auditRows, auditTotal, type AuditFilter } from './audit.repository';

type AuditQuery = Parsed<typeof endpoints.auditList, 'query'>;

/** The audit trail (操作履歴): a tenant administrator reads their tenant's, a provider any tenant's or all. */
export function createAuditService({ db }: { db: Db }) {
  const filterOf = (auth: Auth, tenantUuid: string, query: AuditQuery): AuditFilter => {
    if (query.allTenants && !can(auth, 'tenant.manage')) throw new Refusal('forbidden', 'otherTenant');
    const { username, action, from, to } = query;
    return { tenantUuid: query.allTenants ? null : tenantUuid, username, action, from, to };
  };
  return {
    async page(auth: Auth, tenantUuid: string, query: AuditQuery): Promise<Page<AuditEntry>> {
      const filter = filterOf(auth, tenantUuid, query);
      const content = await auditRows(db, filter, query.sort, pageWindow(query));
      const total = await pageTotal(query, content.length, () => auditTotal(db, filter));
      return pageOf(content, total, query);
    },

    /** The whole filtered trail in the list's order; more than EXPORT_MAX_ROWS entries is refused. */
    async export(auth: Auth, tenantUuid: string, query: AuditQuery): Promise<AuditEntry[]> {
      const filter = filterOf(auth, tenantUuid, query);
      const rows = await auditRows(db, filter, query.sort, { limit: EXPORT_MAX_ROWS + 1, offset: 0 });
      if (rows.length > EXPORT_MAX_ROWS) throw new Refusal('invalid', 'exportTooLarge');
      return rows;
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;

import {
  AUDIT_ACTIONS,
  auditActionLabel,
  auditChangesSchema,
  type AuditEntry,
} from '@tsunagu/contract/audit';
import { useMemo } from 'react';
import { useDomainUuid } from '../../shared/pbx/pbx-query';
import { useCan } from '../../shared/session/use-can';
import { ja } from '../../shared/i18n/ja';
import { dayjs } from '../../shared/dayjs';
import { ServerListScreen, type ListFilter, type ServerColumn } from '../../shared/ui/server-list-screen';
import { jaAudit as t } from './audit.ja';
import { getAuditExport, getAuditPage } from './get-audit';

const ACTION_OPTIONS = AUDIT_ACTIONS.map((value) => ({ value, label: auditActionLabel(value) }));

/** A recorded value as text: lists joined, nested values as JSON, known words in Japanese. */
function valueText(value: unknown): string {
  if (Array.isArray(value)) return value.map(valueText).join('、');
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  const text = String(value ?? '');
  return t.values[text] ?? text;
}

/** A value in a before/after pair: an empty one says so rather than showing nothing. */
const sideText = (value: unknown) => {
  const text = valueText(value);
  return text === '' || value === null ? t.empty : text;
};

/**
 * What was saved or why a sign-in failed, as `名前: 値` pairs; an edit's changed fields as
 * `名前: 前 → 後`.
 */
export function detailText(entry: AuditEntry): string {
  if (!entry.detail) return '';
  const { changes, ...rest } = entry.detail;
  const parts = Object.entries(rest)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${t.fields[key] ?? key}: ${valueText(value)}`);
  const parsed = auditChangesSchema.safeParse(changes);
  if (parsed.success) {
    const edits = Object.entries(parsed.data).map(
      ([key, { before, after }]) => `${t.fields[key] ?? key}: ${sideText(before)} → ${sideText(after)}`,
    );
    parts.push(edits.length > 0 ? edits.join(' / ') : t.noChange);
  }
  return parts.join(' / ');
}

function columnsFor(allTenants: boolean): ServerColumn<AuditEntry>[] {
  const columns: (ServerColumn<AuditEntry> | false)[] = [
    {
      key: 'createdAt',
      title: t.columns.createdAt,
      sortField: 'createdAt',
      width: 170,
      text: (e) => dayjs(e.createdAt).format('YYYY/MM/DD HH:mm:ss'),
    },
    allTenants && { key: 'domain', title: t.columns.domain, width: 160, text: (e) => e.domainName },
    {
      key: 'username',
      title: t.columns.username,
      sortField: 'username',
      width: 140,
      text: (e) => e.username,
    },
    {
      key: 'action',
      title: t.columns.action,
      sortField: 'action',
      width: 200,
      text: (e) => auditActionLabel(e.action),
    },
    // The name the entry was written with; entries older than labels show their id.
    { key: 'target', title: t.columns.target, width: 180, text: (e) => e.targetLabel || e.target },
    { key: 'detail', title: t.columns.detail, width: 360, text: detailText },
    { key: 'ip', title: t.columns.ip, sortField: 'ip', width: 140, text: (e) => e.ip },
  ];
  return columns.filter((column) => column !== false);
}

/** 操作履歴: the tenant's audit trail (a provider may view every tenant's). */
export function AuditPage() {
  const domainUuid = useDomainUuid();
  const provider = useCan('tenant.manage');
  const filters = useMemo<ListFilter[]>(
    () => [
      { kind: 'text', key: 'username', label: t.filters.username },
      { kind: 'select', key: 'action', label: t.filters.action, options: ACTION_OPTIONS },
      { kind: 'period', label: t.filters.period },
      ...(provider
        ? [
            {
              kind: 'select',
              key: 'scope',
              label: t.filters.scope,
              options: [{ value: 'all', label: t.scopeAll }],
            } as const,
          ]
        : []),
    ],
    [provider],
  );
  return (
    <ServerListScreen<AuditEntry>
      title={ja.titles.systemAudit}
      columns={useMemo(() => columnsFor(provider), [provider])}
      rowKey={(entry) => String(entry.auditId)}
      queryKey={['audit', domainUuid]}
      defaultSort="createdAt,desc"
      filters={filters}
      fetchPage={(state, signal) => getAuditPage(domainUuid, state, signal)}
      fetchAll={(state) => getAuditExport(domainUuid, state)}
    />
  );
}

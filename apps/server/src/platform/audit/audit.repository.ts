import type { Conn } from '../db/client';
import { auditLog } from '../db/schema';
import { withoutSecrets } from './audit-diff';

/** One audit entry: sign-ins (success and failure) and every change a user makes. */
export interface AuditEntry {
  domainUuid?: string | null;
  userUuid?: string | null;
  username?: string;
  /** Dotted verb, e.g. 'login.success', 'user.password', 'ringGroup.save'. */
  action: string;
  /** What was acted on (an id or a name). */
  target?: string;
  /** The target by name as the 操作履歴 screen shows it ('内線 1001', a user's name), resolved now. */
  targetLabel?: string;
  /** What changed; a field that names a secret (password, secret, token …) is never stored. */
  detail?: Record<string, unknown>;
  ip?: string;
  /** Why a provider acting inside the tenant made the change (recorded in the detail as actingReason). */
  actingReason?: string | null;
}

/** Records an entry; pass the transaction so the entry commits or rolls back with the change. */
export async function audit(conn: Conn, entry: AuditEntry): Promise<void> {
  await conn.insert(auditLog).values({
    domainUuid: entry.domainUuid ?? null,
    userUuid: entry.userUuid ?? null,
    username: entry.username ?? '',
    action: entry.action,
    target: entry.target ?? '',
    targetLabel: entry.targetLabel ?? '',
    detail: detailOf(entry),
    ip: entry.ip ?? '',
  });
}

/** The entry's detail without secrets, with the reason of a provider acting inside the tenant. */
function detailOf(entry: AuditEntry): Record<string, unknown> | null {
  const detail = entry.actingReason ? { ...entry.detail, actingReason: entry.actingReason } : entry.detail;
  return detail ? withoutSecrets(detail) : null;
}

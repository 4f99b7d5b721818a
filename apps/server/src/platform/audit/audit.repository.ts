import type { Conn } from '../db/client';
import { auditLog } from '../db/schema';

/** One audit entry: sign-ins (success and failure) and every change a user makes. */
export interface AuditEntry {
  domainUuid?: string | null;
  userUuid?: string | null;
  username?: string;
  /** Dotted verb, e.g. 'login.success', 'user.password', 'ringGroup.save'. */
  action: string;
  /** What was acted on (an id or a name). */
  target?: string;
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
    detail: entry.actingReason
      ? { ...entry.detail, actingReason: entry.actingReason }
      : (entry.detail ?? null),
    ip: entry.ip ?? '',
  });
}

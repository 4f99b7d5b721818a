import { Refusal, type Reason } from '@tsunagu/contract';
import type { Auth } from '../auth/auth-context';
import type { Db, Tx } from '../db/client';
import { uniqueViolation } from '../db/unique-violation';
import { audit } from './audit.repository';

/** Who makes a change, for the audit log. */
export interface Actor {
  auth: Auth;
  ip: string;
}

export interface AuditedChange {
  actor: Actor;
  tenantUuid: string;
  /** Audit verb, e.g. 'ringGroup.save'. */
  action: string;
  /** Unique constraints a concurrent save may hit, each with the reason the user is given (409). */
  conflicts?: Record<string, Reason>;
}

/** What the audit entry records about the change. */
export interface AuditNote {
  target: string;
  detail?: Record<string, unknown>;
}

/**
 * Runs one change of any feature: the work and its audit entry in one transaction (a failure changes
 * nothing). A unique-constraint race becomes a clean 409 with its reason. Returns the work's note.
 */
export async function auditedTransaction<Note extends AuditNote>(
  db: Db,
  change: AuditedChange,
  work: (tx: Tx) => Promise<Note>,
): Promise<Note> {
  try {
    return await db.transaction(async (tx) => {
      const note = await work(tx);
      await audit(tx, {
        domainUuid: change.tenantUuid,
        userUuid: change.actor.auth.userUuid,
        username: change.actor.auth.username,
        action: change.action,
        target: note.target,
        detail: note.detail,
        ip: change.actor.ip,
      });
      return note;
    });
  } catch (error) {
    const constraint = uniqueViolation(error);
    const reason = constraint === null ? undefined : change.conflicts?.[constraint];
    if (reason) throw new Refusal('conflict', reason);
    throw error;
  }
}

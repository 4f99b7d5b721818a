import { Refusal, type Reason } from '@tsunagu/contract/refusal';
import type { Auth } from '../auth/auth-context';
import type { Db, Tx } from '../db/client';
import { uniqueViolation } from '../db/unique-violation';
import { auditChanges } from './audit-diff';
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
  /** The id of what was changed. */
  target: string;
  /** Its name as a reader knows it ('内線 1001', '営業部'), resolved now: ids mean nothing later. */
  label?: string;
  detail?: Record<string, unknown>;
  /**
   * An edit's values before and after (the object's fields as stored or as the form names them): the
   * entry keeps only the fields that changed, under detail.changes; secret fields never show their values.
   * A create passes only `after`, a delete only `before`.
   */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** The entry's detail: the note's own, plus the changed fields when it gave before/after. */
function detailOf(note: AuditNote): Record<string, unknown> | undefined {
  if (note.before === undefined && note.after === undefined) return note.detail;
  return { ...note.detail, changes: auditChanges(note.before, note.after) };
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
        targetLabel: note.label,
        detail: detailOf(note),
        ip: change.actor.ip,
        actingReason: change.actor.auth.acting?.reason,
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

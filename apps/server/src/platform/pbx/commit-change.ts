import { ApiError } from '@tsunagu/contract';
import { audit } from '../audit/audit.repository';
import type { Auth } from '../auth/auth-context';
import type { Db, Tx } from '../db/client';
import { uniqueViolation } from '../db/unique-violation';
import type { ConfigKind, ConfigListener } from './config-kind';

/** Who makes a change, for the audit log. */
export interface Actor {
  auth: Auth;
  ip: string;
}

export interface Change {
  actor: Actor;
  tenantUuid: string;
  /** What the engine must reload. */
  kind: ConfigKind;
  /** Audit verb, e.g. 'ringGroup.save'. */
  action: string;
  /** Unique constraints a concurrent save may hit, each with the message the user sees (409). */
  conflicts?: Record<string, string>;
}

/** What the audit entry records about the change. */
export interface ChangeNote {
  target: string;
  detail?: Record<string, unknown>;
  /** Further kinds the change touched (references removed with a delete), reloaded as well. */
  alsoChanged?: readonly ConfigKind[];
}

/**
 * Runs one configuration change: the work and its audit entry in one transaction (a failure changes
 * nothing), then tells the engine. A unique-constraint race becomes a clean 409 with its message.
 */
export async function commitChange(
  { db, engine }: { db: Db; engine: ConfigListener },
  change: Change,
  work: (tx: Tx) => Promise<ChangeNote>,
): Promise<void> {
  let also: readonly ConfigKind[] = [];
  try {
    await db.transaction(async (tx) => {
      const note = await work(tx);
      also = note.alsoChanged ?? [];
      await audit(tx, {
        domainUuid: change.tenantUuid,
        userUuid: change.actor.auth.userUuid,
        username: change.actor.auth.username,
        action: change.action,
        target: note.target,
        detail: note.detail,
        ip: change.actor.ip,
      });
    });
  } catch (error) {
    const constraint = uniqueViolation(error);
    const message = constraint === null ? undefined : change.conflicts?.[constraint];
    if (message) throw new ApiError(409, message);
    throw error;
  }
  engine.configChanged(change.tenantUuid, change.kind);
  for (const kind of also) if (kind !== change.kind) engine.configChanged(change.tenantUuid, kind);
}

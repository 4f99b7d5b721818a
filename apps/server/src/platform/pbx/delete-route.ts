import type { DeleteQuery, Endpoint, Parsed } from '@tsunagu/contract';
import type { Answer, Router } from '../http/router';
import type { Actor } from './commit-change';

/** A service's guarded delete (see delete-guard.ts). */
type Remove = (actor: Actor, tenantUuid: string, id: string, removeReferences: boolean) => Promise<void>;

/**
 * Binds a delete endpoint whose query is the contract's deleteQuerySchema: the row named in the path is
 * removed, and with `?removeReferences=true` every reference to it in the same transaction.
 */
export function routeGuardedDelete<E extends Endpoint & { query: { _zod: { output: DeleteQuery } } }>(
  router: Router,
  endpoint: E,
  idOf: (params: Parsed<E, 'params'>) => string,
  remove: Remove,
): void {
  router.route(
    endpoint,
    ({ actor, tenantUuid, params, query }) =>
      // The endpoint answers no data; TypeScript cannot see that through the generic E.
      remove(actor, tenantUuid, idOf(params), (query as DeleteQuery).removeReferences === 'true') as Promise<
        Answer<E>
      >,
  );
}

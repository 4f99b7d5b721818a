import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';

/** Thrown for a statement on the database made from inside one of its own open transactions. */
export class StatementOutsideTransaction extends Error {
  constructor(method: string) {
    super(
      `db.${method}() inside its own open transaction: PGlite has one connection, so this statement would ` +
        'wait for ever with the transaction open; pass the transaction (tx) instead',
    );
  }
}

/** Statements that go to the database itself rather than to a transaction handle. */
const STATEMENTS = new Set<string | symbol>(['query', 'exec', 'sql', 'transaction']);

/**
 * The embedded database, failing at once where a transaction's own work runs a statement on the database
 * instead of on its transaction: with one connection that statement waits for the transaction, which
 * waits for it (the hang 録音停止 had, issue 20). What only reads as that pattern from inside the
 * transaction's async context fails; concurrent requests wait their turn as before. Used by tests.
 */
export function guardTransactions(client: PGlite): PGlite {
  const open = new AsyncLocalStorage<{ open: boolean }>();
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const method = (value as (...args: unknown[]) => unknown).bind(target);
      if (!STATEMENTS.has(property)) return method;
      return (...args: unknown[]) => {
        if (open.getStore()?.open) return Promise.reject(new StatementOutsideTransaction(String(property)));
        if (property !== 'transaction') return method(...args);
        const [work, ...rest] = args as [(tx: unknown) => Promise<unknown>, ...unknown[]];
        const state = { open: true };
        return open.run(state, () =>
          method(
            async (tx: unknown) => {
              try {
                return await work(tx);
              } finally {
                state.open = false;
              }
            },
            ...rest,
          ),
        );
      };
    },
  });
}

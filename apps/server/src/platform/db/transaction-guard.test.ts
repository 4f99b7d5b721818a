import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { fromPglite } from './client';
import { guardTransactions, StatementOutsideTransaction } from './transaction-guard';

// Not closed: its first test leaves it stuck for good, and close() would wait for that transaction.
const plain = await PGlite.create('memory://');
const guarded = fromPglite(guardTransactions(await PGlite.create('memory://')));
afterAll(() => guarded.close());

/** What a promise came to within the time, or 'pending'. */
const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise.then(
      (value) => ({ settled: 'resolved' as const, value }),
      (error: unknown) => ({ settled: 'rejected' as const, error }),
    ),
    new Promise<{ settled: 'pending' }>((resolve) => setTimeout(() => resolve({ settled: 'pending' }), ms)),
  ]);

/** The rows of a raw statement's result (its type depends on the driver). */
const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

const rootCause = (error: unknown): unknown =>
  error instanceof Error && error.cause !== undefined ? rootCause(error.cause) : error;

describe('a statement on db inside its own transaction', () => {
  it('waits for ever on plain PGlite (the hang the guard turns into an error)', async () => {
    const db = fromPglite(plain).db;
    const stuck = db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      // eslint-disable-next-line no-restricted-syntax -- the very mistake this test shows
      await db.execute(sql`select 2`);
    });
    expect((await within(stuck, 500)).settled).toBe('pending');
  });

  it('fails at once on the guarded database, and the transaction rolls back', async () => {
    const { db } = guarded;
    await db.execute(sql`create table t (n int)`);
    const outcome = await within(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into t values (1)`);
        // eslint-disable-next-line no-restricted-syntax -- the mistake the guard catches
        await db.execute(sql`select 2`);
      }),
      2_000,
    );
    expect(outcome.settled).toBe('rejected');
    // Drizzle wraps a failed statement's error ("Failed query: …"); the guard's is its cause.
    expect(rootCause(outcome.settled === 'rejected' ? outcome.error : null)).toBeInstanceOf(
      StatementOutsideTransaction,
    );
    expect(rowsOf(await db.execute(sql`select count(*)::int as n from t`))).toEqual([{ n: 0 }]);
  });

  it('lets the transaction use its handle, and other requests wait their turn as before', async () => {
    const { db } = guarded;
    await db.execute(sql`create table u (n int)`);
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const change = db.transaction(async (tx) => {
      await tx.execute(sql`insert into u values (1)`);
      await gate;
      await tx.execute(sql`insert into u values (2)`);
    });
    // Another request (its own async context) meanwhile: it waits for the commit, it does not fail.
    const other = db.execute(sql`select count(*)::int as n from u`);
    release();
    await change;
    expect(rowsOf(await other)).toEqual([{ n: 2 }]);
    // After the commit, the same code path may use db again.
    expect(rowsOf(await db.execute(sql`select count(*)::int as n from u`))).toEqual([{ n: 2 }]);
  });
});

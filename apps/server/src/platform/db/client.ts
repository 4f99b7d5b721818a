import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { copyPgliteTemplate } from './pglite-template';
import { guardTransactions } from './transaction-guard';
import * as schema from './schema';

export type Schema = typeof schema;
/** The Drizzle database, the same type for PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction: repositories take this. */
export type Conn = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a multi-statement SQL script on one connection (one implicit transaction). */
  runScript(sqlText: string): Promise<void>;
  /**
   * Where a lost connection is reported (PostgreSQL: the server restarted, failed over or an idle proxy
   * cut it). The default writes one line to stderr; `buildApp` points it at the app's log.
   */
  onConnectionError(listener: (error: Error) => void): void;
  close(): Promise<void>;
}

/**
 * Memory settings for the embedded database: PostgreSQL's defaults (128 MB shared buffers) are sized for a
 * dedicated server; one tenant-sized console needs far less, and every MB here is resident in this process.
 */
const EMBEDDED_POSTGRESQL_CONF = [
  'shared_buffers=32MB',
  'work_mem=4MB',
  'maintenance_work_mem=16MB',
  'temp_buffers=4MB',
  'wal_buffers=1MB',
];

export interface PgliteOptions {
  /** The initialised data directory a new `dir` is copied from (default: pglite-template.ts's). */
  template?: string;
  /** A data directory dumped by PGlite's dumpDataDir, loaded instead of running initdb (tests). */
  dump?: Blob;
  /** Fail a statement on the database made inside one of its own transactions instead of hanging (transaction-guard.ts). */
  guarded?: boolean;
}

/** Opens the embedded database stored in `dir` (or in memory for `memory://`). */
export async function openPglite(dir: string, options: PgliteOptions = {}): Promise<Database> {
  if (!dir.startsWith('memory://')) {
    mkdirSync(dir, { recursive: true });
    // A new data directory starts as a copy of the initialised template when there is one (see
    // pglite-template.ts); without it PGlite runs initdb here.
    if (!existsSync(join(dir, 'PG_VERSION'))) copyPgliteTemplate(dir, options.template);
  }
  // pg_trgm: the user search's trigram index (migration 0021); PostgreSQL has it from contrib.
  const client = await PGlite.create(dir, {
    postgresqlconf: EMBEDDED_POSTGRESQL_CONF,
    extensions: { pg_trgm },
    ...(options.dump ? { loadDataDir: options.dump } : {}),
  });
  return fromPglite(options.guarded ? guardTransactions(client) : client);
}

/** Wraps an open PGlite instance (tests hand in clones). */
export function fromPglite(client: PGlite): Database {
  return {
    db: drizzlePglite({ client, schema }) as unknown as Db,
    kind: 'pglite',
    runScript: async (sqlText) => {
      await client.exec(sqlText);
    },
    // In-process: there is no connection to lose; a failed statement rejects its own promise.
    onConnectionError: () => undefined,
    close: () => client.close(),
  };
}

/** Connects to PostgreSQL; `searchPath` puts every unqualified table in one schema (used by tests). */
export async function openPostgres(url: string, searchPath?: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // While the server is unreachable a request waits this long for a connection, then gets a 503.
    connectionTimeoutMillis: 5_000,
    ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}),
  });
  // A connection the server ends (pg_terminate_backend, restart, failover) emits 'error' on its client, and
  // an 'error' event without a listener ends the process. The pool drops such clients and opens new ones;
  // a request whose statement was cut off gets the error and a 503 (see database-errors.ts).
  let report = (error: Error): void => {
    process.stderr.write(`PostgreSQL connection lost: ${loggableCode(error)}\n`);
  };
  // Every client's own listener reports it, idle or checked out (a transaction in progress); the pool
  // re-emits an idle client's error on itself, where it only has to be listened to, not reported twice.
  pool.on('connect', (client) => client.on('error', (error) => report(error)));
  pool.on('error', () => undefined);
  // Fail at start, with the reason, when the server is unreachable.
  const probe = await pool.connect();
  probe.release();
  return {
    db: drizzlePg({ client: pool, schema }) as unknown as Db,
    kind: 'postgres',
    runScript: async (sqlText) => {
      const conn = await pool.connect();
      try {
        await conn.query(sqlText);
      } finally {
        conn.release();
      }
    },
    onConnectionError: (listener) => {
      report = listener;
    },
    close: () => pool.end(),
  };
}

/** The SQLSTATE or errno of a lost connection, else its message (which for these holds no values). */
function loggableCode(error: Error): string {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : error.message;
}

import { randomBytes } from 'node:crypto';
import { messages } from '@tsunagu/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type StartedServer } from './support/server';
import { startTcpProxy } from './support/tcp-proxy';

// The server as `npm start` runs it, on PostgreSQL: its connections are terminated the way a database
// restart, a failover or an idle-timeout proxy ends them. The process must stay up, a request caught in the
// gap gets a 503 with the Japanese message, and service resumes by itself.

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const database = `tsunagu_restart_${randomBytes(5).toString('hex')}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
let server: StartedServer;
let token: string;

/** Ends every connection the server holds to its database, from another connection. */
async function terminateServerConnections(): Promise<number> {
  const result = await admin.query(
    'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [database],
  );
  return result.rowCount ?? 0;
}

const userInfo = () =>
  fetch(`${server.baseUrl}/api/v1/user/info/admin`, { headers: { authorization: `Bearer ${token}` } });

/** A request right after the cut may meet a connection not yet known dead (503); the next ones must succeed. */
async function expectServiceResumed(): Promise<void> {
  const first = await userInfo();
  if (first.status !== 200) {
    expect([first.status, ((await first.json()) as { msg: string }).msg]).toEqual([
      503,
      messages.databaseUnavailable,
    ]);
  }
  for (let i = 0; i < 3; i++) expect((await userInfo()).status).toBe(200);
}

beforeAll(async () => {
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  server = await startServer({ web: false, env: { DATABASE_URL: url.toString() } });
  const login = await fetch(`${server.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'Admin#2026' }),
  });
  expect(login.status).toBe(200);
  token = (login.headers.get('authorization') ?? '').replace(/^Bearer /, '');
});

afterAll(async () => {
  await server?.stop();
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.end();
});

describe('working on while PostgreSQL connections are cut under a running server', () => {
  it('keeps the process up and serving, twice over', async () => {
    expect((await userInfo()).status).toBe(200);
    for (let round = 0; round < 2; round++) {
      expect(await terminateServerConnections()).toBeGreaterThan(0);
      await expectServiceResumed();
      expect(server.process.exitCode).toBeNull();
    }
    // Told to the operator as a warning, with the SQLSTATE (57P01: terminated by an administrator).
    expect(server.output()).toMatch(/database connection lost.*57P01|57P01.*database connection lost/);
  });

  it('answers a request whose statement is cut off with 503 and the Japanese message, then resumes', async () => {
    // Hold the sessions table so the request's session check waits inside PostgreSQL, then cut it off.
    const blocker = new pg.Client({ connectionString: ADMIN_URL.replace(/\/[^/]*$/, `/${database}`) });
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE sessions IN ACCESS EXCLUSIVE MODE');
    // Past the live-session cache (500 ms): the request's session check must read the table.
    await new Promise((resolve) => setTimeout(resolve, 600));
    const pending = userInfo();
    const blockerPid = (await blocker.query('SELECT pg_backend_pid() AS pid')).rows[0].pid as number;
    for (;;) {
      const waiting = await admin.query(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'",
        [database],
      );
      if (waiting.rows[0].n > 0) break;
      if (server.process.exitCode !== null) throw new Error(`the server exited:\n${server.output()}`);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid NOT IN (pg_backend_pid(), $2)',
      [database, blockerPid],
    );
    const cut = await pending;
    expect(cut.status).toBe(503);
    expect(await cut.json()).toEqual({ code: 503, msg: messages.databaseUnavailable, data: null });
    await blocker.query('ROLLBACK');
    await blocker.end();
    await expectServiceResumed();
    expect(server.process.exitCode).toBeNull();
    // The log names the failure, never a statement's parameters (the session id is one).
    expect(server.output()).not.toMatch(/params:/);
  });

  it('answers 503 while PostgreSQL is down (connections cut, new ones refused) and resumes when it is back', async () => {
    // The server reaches PostgreSQL through a forwarder that the test stops and starts: a restart.
    const target = new URL(ADMIN_URL);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const url = new URL(ADMIN_URL);
    url.port = String(proxy.port);
    url.pathname = `/${database}`;
    const behind = await startServer({ web: false, env: { DATABASE_URL: url.toString() } });
    try {
      const login = await fetch(`${behind.baseUrl}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'Admin#2026' }),
      });
      const auth = { authorization: login.headers.get('authorization') ?? '' };
      const info = () => fetch(`${behind.baseUrl}/api/v1/user/info/admin`, { headers: auth });
      expect((await info()).status).toBe(200);

      await proxy.stop();
      for (let i = 0; i < 3; i++) {
        const res = await info();
        expect([res.status, await res.json()]).toEqual([
          503,
          { code: 503, msg: messages.databaseUnavailable, data: null },
        ]);
      }
      expect(behind.process.exitCode).toBeNull();

      await proxy.start();
      // The first request may still meet the pool's view of the outage; the ones after it must succeed.
      expect([200, 503]).toContain((await info()).status);
      for (let i = 0; i < 3; i++) expect((await info()).status).toBe(200);
      expect(behind.process.exitCode).toBeNull();
    } finally {
      await behind.stop();
      await proxy.stop();
    }
  });
});

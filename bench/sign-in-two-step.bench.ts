// Issue 18: a whole sign-in's latency with and without two-step sign-in (TOTP), on PostgreSQL, through
// the console as `npm start` runs it. Without: POST /login (argon2id, the session). With: POST /login
// (argon2id, a sealed ticket) then POST /login/two-step (the code, the session). Target: sign-in p99
// unchanged by two-step sign-in (the second request adds an HMAC and one short transaction, far below
// the password hash). A code is accepted once, so each sign-in takes the next user of a pool big enough
// that none comes round twice in one run (a failure says the pool was too small). Figures only on a
// quiet machine.
// Run: npx tsx bench/sign-in-two-step.bench.ts   (BENCH_DATABASE_URL overrides the PostgreSQL server)
import pg from 'pg';
import { hashPassword } from '../apps/server/src/platform/auth/passwords';
import { currentCode } from '../apps/server/src/platform/auth/two-step/totp';
import { scratchDatabase } from './large-tenant';
import { postJson, quantile, startConsoleOn, stop, waitForLogin } from './support';

const USERS = Number(process.env.BENCH_USERS ?? 600);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PASSWORD = 'Bench#2026';

interface Account {
  username: string;
  secret?: string;
}

/** Staff users of the demo tenant, all with one password hash, named `<prefix>-<n>`. */
async function addUsers(dbUrl: string, prefix: string): Promise<Account[]> {
  const db = new pg.Client(dbUrl);
  await db.connect();
  await db.query(
    `INSERT INTO users (user_uuid, domain_uuid, username, password_hash, user_class, menu, max_sessions)
     SELECT gen_random_uuid(), u.domain_uuid, $1 || '-' || g, $2, 'USER', '[]', 1
       FROM (SELECT domain_uuid FROM users WHERE username = 'yamada') u, generate_series(1, $3) g`,
    [prefix, await hashPassword(PASSWORD), USERS],
  );
  await db.end();
  return Array.from({ length: USERS }, (_, i) => ({ username: `${prefix}-${i + 1}` }));
}

/** Turns two-step sign-in on for the account through the settings endpoints, as a user would. */
async function enable(base: string, account: Account): Promise<void> {
  const token = await waitForLogin(base, account.username, PASSWORD);
  const headers = { authorization: token, cookie: 'XSRF-TOKEN=b', 'x-xsrf-token': 'b' };
  const setup = await postJson(`${base}/api/v1/twoStep/setup`, {}, headers);
  const secret = JSON.parse(setup.body).data.secret as string;
  const on = await postJson(`${base}/api/v1/twoStep/enable`, { code: currentCode(secret) }, headers);
  if (on.status !== 200) throw new Error(`enable ${account.username}: ${on.status} ${on.body}`);
  account.secret = secret;
}

/** One whole sign-in (both steps where two-step sign-in is on); throws unless it ends with a token. */
async function signIn(base: string, account: Account): Promise<void> {
  const first = await postJson(`${base}/api/login`, {
    username: account.username,
    password: PASSWORD,
    endOldestSession: true,
  });
  let token = first.headers.get('authorization');
  if (first.status === 200 && !token && account.secret) {
    const { ticket } = JSON.parse(first.body).data.twoStep;
    const second = await postJson(`${base}/api/login/two-step`, {
      ticket,
      code: currentCode(account.secret),
      endOldestSession: true,
    });
    token = second.status === 200 ? second.headers.get('authorization') : null;
  }
  if (!token) throw new Error(`sign-in of ${account.username} failed (${first.status})`);
}

/** CONNECTIONS loops signing in for SECONDS, each taking the next user of the pool; per sign-in latency. */
async function measure(base: string, pool: Account[]) {
  const times: number[] = [];
  let next = 0;
  let failures = 0;
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < until) {
        const account = pool[next++ % pool.length]!;
        const started = performance.now();
        try {
          await signIn(base, account);
          times.push(performance.now() - started);
        } catch {
          failures++;
        }
      }
    }),
  );
  times.sort((a, b) => a - b);
  const at = (q: number) => quantile(times, q).toFixed(1);
  return `${(times.length / SECONDS).toFixed(1)} sign-ins/s, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, failures ${failures}`;
}

const dbUrl = await scratchDatabase('tsunagu_bench_two_step');
const { child, base } = await startConsoleOn(dbUrl);
try {
  await waitForLogin(base, 'yamada', 'Staff#2026');
  const plain = await addUsers(dbUrl, 'bench-plain');
  const twoStep = await addUsers(dbUrl, 'bench-totp');
  for (const account of twoStep) await enable(base, account);
  // Enabling spent each user's code of the current step: sign-ins start with the next one.
  await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 200));
  // A failure with two-step sign-in means the pool was too small: a user came round twice in one step.
  console.log(`c=${CONNECTIONS}, ${SECONDS} s, ${USERS} users each`);
  console.log(`password only:     ${await measure(base, plain)}`);
  console.log(`with two-step:     ${await measure(base, twoStep)}`);
} finally {
  await stop(child);
}

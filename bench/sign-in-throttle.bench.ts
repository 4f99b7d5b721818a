// Issue 13: what the sign-in throttle adds to a sign-in (three counters hit, then taken back on a right
// password), in memory and in Redis (REDIS_URL). A sign-in's argon2id check costs far more (BENCHMARKS.md).
import { randomUUID } from 'node:crypto';
import { createMemoryCounter, type AttemptCounter } from '../apps/server/src/platform/auth/attempt-counter';
import { createRedisCounter } from '../apps/server/src/platform/auth/attempt-counter-redis';
import { createLoginThrottle } from '../apps/server/src/platform/auth/login-throttle';
import { quantile } from './support';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ROUNDS = 3000;

async function measure(name: string, counter: AttemptCounter): Promise<void> {
  const throttle = createLoginThrottle({ counter, perAddress: 1e9, perUser: 1e9 });
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    const attempt = await throttle.attempt('10.0.0.1', `user${i % 50}`);
    if (!attempt.refused) await attempt.succeeded();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => quantile(times, q).toFixed(2);
  console.log(`${name}: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms per sign-in (${ROUNDS} sign-ins)`);
  await counter.close();
}

await measure('memory', createMemoryCounter());
// A prefix of its own: the keys expire after a minute and never meet a server's.
await measure('redis ', createRedisCounter(REDIS_URL, { prefix: `bench-${randomUUID()}:` }));

// Issue 3 benchmark: the PBX list endpoints on a large tenant (5,000 extensions, 300 ring groups with
// members, 200 IVR menus) on PostgreSQL. Target: p99 < 50 ms at 20 concurrent connections.
// Run: npx tsx bench/pbx-lists.bench.ts   (BENCH_DATABASE_URL overrides the PostgreSQL server)
// The list answers are cached per tenant (invalidated by the database's change counter) and gzipped.
import {
  EXTENSIONS,
  fillLargeTenant,
  IVR_MENUS,
  MEMBERS_PER_GROUP,
  RING_GROUPS,
  scratchDatabase,
} from './large-tenant';
import { describeLoad, load } from './load';
import { startConsoleOn, stop, waitForLogin } from './support';

/** Requests carry what a browser sends: the session and Accept-Encoding (the lists are then sent gzipped). */
async function measure(title: string, url: string, token: string) {
  const headers = { authorization: token, 'accept-encoding': 'gzip, deflate, br' };
  console.log(
    `${title.padEnd(12)} ${describeLoad(await load({ url, headers, connections: 20, seconds: 10, warmupSeconds: 3 }))}`,
  );
}

const dbUrl = await scratchDatabase('tsunagu_bench_pbx');
const { child, base } = await startConsoleOn(dbUrl);
try {
  await waitForLogin(base, 'yamada', 'Staff#2026');
  const { tenant } = await fillLargeTenant(dbUrl);
  const token = await waitForLogin(base, 'admin', 'Admin#2026');
  const sizes = await Promise.all(
    ['extension', 'ringGroup', 'ivr', 'destination', 'common/initData'].map(async (path) => {
      // fetch decodes gzip itself: this is the JSON's own size.
      const res = await fetch(`${base}/api/v1/${path}/${tenant}`, { headers: { authorization: token } });
      return `${path} ${((await res.arrayBuffer()).byteLength / 1024).toFixed(0)} KB`;
    }),
  );
  console.log(
    `tenant: ${EXTENSIONS} extensions, ${RING_GROUPS} ring groups × ${MEMBERS_PER_GROUP} members, ${IVR_MENUS} IVR menus`,
  );
  console.log(`answer sizes: ${sizes.join(', ')}`);
  await measure('extension', `${base}/api/v1/extension/${tenant}`, token);
  await measure('ringGroup', `${base}/api/v1/ringGroup/${tenant}`, token);
  await measure('ivr', `${base}/api/v1/ivr/${tenant}`, token);
  await measure('destination', `${base}/api/v1/destination/${tenant}`, token);
  await measure('initData', `${base}/api/v1/common/initData/${tenant}`, token);
} finally {
  await stop(child);
}

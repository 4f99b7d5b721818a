// Issue 16 benchmark: user info and the tenant directory on a large tenant (5,000 extensions) on
// PostgreSQL, each beside a bare Fastify server answering the same bytes with the same headers in the
// same run. Target: user info < 20 KB and p99 < 10 ms; the directory sent compressed, 304 when held.
// Run: npx tsx bench/user-info.bench.ts   (BENCH_DATABASE_URL overrides the PostgreSQL server)
import { request } from 'node:http';
import Fastify from 'fastify';
import { EXTENSIONS, fillLargeTenant, scratchDatabase } from './large-tenant';
import { describeLoad, load } from './load';
import { freePort, startConsoleOn, stop, waitForLogin } from './support';

interface Raw {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** One GET as a browser makes it, the body as received on the wire (not decoded). */
function get(url: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers as Record<string, string>,
          body: Buffer.concat(chunks),
        }),
      );
    })
      .on('error', reject)
      .end();
  });
}

const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };
const run = (url: string, headers: Record<string, string>) =>
  load({ url, headers, connections: 10, seconds: 10, warmupSeconds: 3 });

const dbUrl = await scratchDatabase('tsunagu_bench_user_info');
const { child, base } = await startConsoleOn(dbUrl);
const bare = Fastify();
try {
  await waitForLogin(base, 'yamada', 'Staff#2026');
  const { tenant, extensions } = await fillLargeTenant(dbUrl);
  const token = await waitForLogin(base, 'yamada', 'Staff#2026');
  const headers = { authorization: token, ...BROWSER };
  const cases = {
    info: { path: '/api/v1/user/info/yamada', headers },
    'info ?directory=true': { path: '/api/v1/user/info/yamada?directory=true', headers },
    directory: { path: `/api/v1/user/directory/${tenant}`, headers },
  } as Record<string, { path: string; headers: Record<string, string> }>;
  const etag = (await get(`${base}${cases.directory!.path}`, headers)).headers.etag ?? '';
  cases['directory 304'] = { path: cases.directory!.path, headers: { ...headers, 'if-none-match': etag } };

  // The ceiling: the very bytes and headers each case received, from a server that does nothing else.
  const answers = new Map<string, Raw>();
  for (const [name, c] of Object.entries(cases)) answers.set(name, await get(`${base}${c.path}`, c.headers));
  for (const [name, answer] of answers) {
    const { 'content-type': type, 'content-encoding': encoding, etag: tag } = answer.headers;
    bare.get(`/${encodeURIComponent(name)}`, (_, reply) => {
      if (type) reply.header('content-type', type);
      if (encoding) reply.header('content-encoding', encoding);
      if (tag) reply.header('etag', tag);
      reply.code(answer.status).send(answer.status === 304 ? undefined : answer.body);
    });
  }
  const barePort = await freePort();
  await bare.listen({ port: barePort, host: '127.0.0.1' });

  console.log(`tenant: ${extensions} extensions (target ${EXTENSIONS} + the demo's)`);
  for (const [name, c] of Object.entries(cases)) {
    const answer = answers.get(name)!;
    const ours = await run(`${base}${c.path}`, c.headers);
    const ceiling = await run(`http://127.0.0.1:${barePort}/${encodeURIComponent(name)}`, {});
    const sent = `${answer.status} ${(answer.body.length / 1024).toFixed(1)} KB ${answer.headers['content-encoding'] ?? 'identity'}`;
    console.log(`${name.padEnd(22)} ${sent}: ${describeLoad(ours)}`);
    console.log(
      `${''.padEnd(22)} bare: ${describeLoad(ceiling)}; ratio ${(ours.requestsPerSecond / ceiling.requestsPerSecond).toFixed(2)}`,
    );
  }
} finally {
  await bare.close();
  await stop(child);
}

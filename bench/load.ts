// Closed-loop HTTP load: N connections, each sending its next request when the answer arrives.
// wrk (Debian package `wrk`, written in C) is used when installed: autocannon, in JavaScript, needs
// more CPU than the server to receive large answers, and on two shared cores it measured itself
// (the extension list: autocannon 300 req/s with the server 70 % idle, wrk 1,500 req/s).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  seconds?: number;
  /** Load first sent for this long and not counted: JIT compilation and caches settle. */
  warmupSeconds?: number;
  /** wrk only: a Lua script of its own (varying requests, pacing) instead of method, headers and body. */
  wrkScript?: string;
  /** wrk only: its threads (default 1). */
  threads?: number;
}

export interface LoadResult {
  tool: 'wrk' | 'autocannon';
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers that were not 2xx/3xx, and connection errors or timeouts. */
  failures: number;
}

const WRK = process.env.WRK_PATH ?? '/usr/bin/wrk';

/** Whether wrk is installed (the figures of the two tools are not comparable). */
export const hasWrk = () => existsSync(WRK);

export async function load(options: LoadOptions): Promise<LoadResult> {
  const run = existsSync(WRK) ? runWrk : runAutocannon;
  if (options.warmupSeconds) await run({ ...options, seconds: options.warmupSeconds });
  return run(options);
}

export const describeLoad = (r: LoadResult) =>
  `${r.requestsPerSecond.toFixed(0)} req/s, p50 ${r.p50Ms.toFixed(1)} ms, p99 ${r.p99Ms.toFixed(1)} ms, failures ${r.failures} (${r.tool})`;

/** wrk's latency with its unit ('850.00us', '12.34ms', '1.02s') in milliseconds. */
function millis(text: string): number {
  const match = /^([\d.]+)(us|ms|s)$/.exec(text);
  if (!match) throw new Error(`wrk printed an unexpected latency: ${text}`);
  const value = Number(match[1]);
  return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value;
}

async function runWrk({
  url,
  method = 'GET',
  headers = {},
  body,
  connections = 20,
  seconds = 15,
  wrkScript,
  threads = 1,
}: LoadOptions): Promise<LoadResult> {
  const script = join(mkdtempSync(join(tmpdir(), 'tsunagu-wrk-')), 'request.lua');
  // Method and body need a script; headers are plain flags.
  writeFileSync(
    script,
    wrkScript ?? `wrk.method = ${JSON.stringify(method)}\nwrk.body = ${JSON.stringify(body ?? '')}\n`,
  );
  const args = [`-t${threads}`, `-c${connections}`, `-d${seconds}s`, '--latency', '-s', script];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  // Not spawnSync: the server being measured may run in this very process.
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(WRK, [...args, url]);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`wrk failed: ${stderr}`))));
  });
  const percentile = (p: string) => millis(new RegExp(`^\\s*${p}%\\s+(\\S+)`, 'm').exec(out)?.[1] ?? '');
  const count = (pattern: RegExp) => Number(pattern.exec(out)?.[1] ?? 0);
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    tool: 'wrk' as const,
    requestsPerSecond: count(/Requests\/sec:\s+([\d.]+)/),
    p50Ms: percentile('50'),
    p99Ms: percentile('99'),
    failures:
      count(/Non-2xx or 3xx responses: (\d+)/) +
      (errors ? errors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0),
  };
}

async function runAutocannon({
  url,
  method = 'GET',
  headers,
  body,
  connections = 20,
  seconds = 15,
}: LoadOptions) {
  const result = await autocannon({ url, method, headers, body, connections, duration: seconds });
  return {
    tool: 'autocannon' as const,
    requestsPerSecond: result['2xx'] / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; audio and images are compressed already or gain little. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|map|webmanifest|xml|wasm)$/;
/** Below this a compressed answer saves less than its extra header costs. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/** Writes `<file>.br` and `<file>.gz` beside one file, each only when it is really smaller. */
async function compressFile(file: string): Promise<void> {
  const source = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const worthIt = (compressed: Buffer) => compressed.length < source.length * 0.9;
  await Promise.all([
    worthIt(br) ? writeFile(`${file}.br`, br) : undefined,
    worthIt(gz) ? writeFile(`${file}.gz`, gz) : undefined,
  ]);
}

/**
 * After the build, puts brotli and gzip copies beside every compressible file of the output, once,
 * at the highest levels: the server sends the copy the browser accepts and never compresses per
 * request. index.html is left out: the server writes a fresh CSP nonce into it for every answer.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'tsunagu:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
      const sizes = await Promise.all(files.map(async (file) => (await stat(file)).size));
      await Promise.all(files.filter((_, i) => (sizes[i] as number) >= MIN_BYTES).map(compressFile));
    },
  };
}

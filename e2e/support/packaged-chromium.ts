import {
  chmodSync,
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress } from 'node:zlib';
import { extract } from 'tar-fs';

/** A Chromium ready to launch, and the environment it needs. */
export interface PackagedChromium {
  executablePath: string;
  env: Record<string, string>;
}

/**
 * The Chromium that npm installs with the e2e workspace (`@sparticuz/chromium`: a headless-shell build
 * for Linux x64, brotli-compressed in the package, so no install script and no download). It is
 * unpacked once into node_modules/.cache/tsunagu, with the NSS libraries it links against (a machine
 * with only Node lacks them). We unpack it ourselves rather than through the package's
 * `executablePath()`, which writes to a shared, unversioned /tmp/chromium and only adds the libraries
 * on AWS Lambda.
 */
export async function packagedChromium(): Promise<PackagedChromium> {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`@sparticuz/chromium has no build for ${process.platform}/${process.arch}`);
  }
  const require = createRequire(import.meta.url);
  const packageRoot = resolve(dirname(require.resolve('@sparticuz/chromium')), '../..');
  const { version } = require(join(packageRoot, 'package.json')) as { version: string };
  const dir = resolve(packageRoot, '../../.cache/tsunagu', `chromium-${version}`);
  if (!existsSync(dir)) await unpack(join(packageRoot, 'bin'), dir);
  const libraries = join(dir, 'lib');
  return {
    executablePath: join(dir, 'chromium'),
    env: { LD_LIBRARY_PATH: [libraries, process.env.LD_LIBRARY_PATH].filter(Boolean).join(':') },
  };
}

/** Unpacks into a temporary sibling and renames it into place, so a half-written copy is never used. */
async function unpack(bin: string, dir: string): Promise<void> {
  const staging = `${dir}.${process.pid}.partial`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  try {
    const binary = join(staging, 'chromium');
    await pipeline(
      createReadStream(join(bin, 'chromium.br')),
      createBrotliDecompress(),
      createWriteStream(binary),
    );
    chmodSync(binary, 0o755);
    await pipeline(createReadStream(join(bin, 'al2023.tar.br')), createBrotliDecompress(), extract(staging));
    renameSync(staging, dir);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(dir)) throw error;
  }
}

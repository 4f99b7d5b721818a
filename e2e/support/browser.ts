import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { packagedChromium } from './packaged-chromium';

/** Where a machine's own Chromium usually is (Debian's package first). */
const MACHINE_CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Calls: a synthetic microphone, granted without a prompt, and audio that may start on its own.
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--autoplay-policy=no-user-gesture-required',
];

interface Candidate {
  name: string;
  resolve(): Promise<{ executablePath: string; env?: Record<string, string> }>;
}

/**
 * The Chromium to test with, in order: `CHROMIUM_PATH`, the machine's, the npm-packaged one.
 * `E2E_CHROMIUM=packaged` skips the machine's, to check the packaged one on a machine that has both.
 */
function candidates(): Candidate[] {
  const path = (executablePath: string): Candidate => ({
    name: executablePath,
    resolve: async () => {
      if (!existsSync(executablePath)) throw new Error('no such file');
      return { executablePath };
    },
  });
  const explicit = process.env.CHROMIUM_PATH ? [process.env.CHROMIUM_PATH] : [];
  const machine =
    process.env.E2E_CHROMIUM === 'packaged' ? [] : MACHINE_CHROMIUM.filter((p) => existsSync(p));
  return [...explicit, ...machine]
    .map(path)
    .concat({ name: '@sparticuz/chromium (npm)', resolve: packagedChromium });
}

/** Launches headless Chromium; fails loudly, naming every one tried, when none starts (never skips). */
export async function launchBrowser(): Promise<Browser> {
  const failures: string[] = [];
  for (const candidate of candidates()) {
    try {
      const { executablePath, env } = await candidate.resolve();
      // A fresh user-data-dir comes with launch(); the flags keep the browser from calling home.
      const browser = await chromium.launch({
        executablePath,
        args: ARGS,
        env: env && { ...process.env, ...env },
      });
      if (failures.length > 0 || env)
        console.warn(`e2e: Chromium ${browser.version()} from ${candidate.name}`);
      return browser;
    } catch (error) {
      failures.push(`- ${candidate.name}: ${(error as Error).message.split('\n')[0]}`);
    }
  }
  throw new Error(
    [
      'No Chromium could start for the end-to-end tests. Tried:',
      ...failures,
      'Install one (Debian/Ubuntu: `apt-get install -y chromium`) or set CHROMIUM_PATH to a Chromium binary.',
    ].join('\n'),
  );
}

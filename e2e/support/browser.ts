import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Launches the machine's Chromium headless; fails loudly when it is not installed (never skips). */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    throw new Error(
      `Chromium was not found at ${executablePath}. Install it (Debian/Ubuntu: \`apt-get install -y chromium\`) or set CHROMIUM_PATH to a Chromium binary.`,
    );
  }
  // A fresh user-data-dir comes with launch(); these flags keep the browser from calling home.
  return chromium.launch({
    executablePath,
    args: [
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
    ],
  });
}

// Debian's Chromium (`apt-get install -y chromium`, or CHROMIUM_PATH), headless through
// playwright-core, as every browser step of this adapter launches it: the companion browser tests
// (test/support/chromium.ts) and the conformance suite's consent step (consent-browser.mjs).
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Launches headless Chromium; fails with how to install it where there is none. */
export function launchChromium() {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `No Chromium at ${CHROMIUM}: install it with \`apt-get install -y chromium\` (or set CHROMIUM_PATH)`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}

import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createPGliteDb } from '@filing-mcp/test-db';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../official-conformance/chromium.mjs';
import {
  type CompanionHarness,
  type CompanionHarnessSettings,
  startCompanionHarness,
} from '../companion-harness.js';

/** Where the browser tests put their screenshots (adapters/node/artifacts/, with a trailing slash). */
export const ARTIFACTS = fileURLToPath(new URL('../../artifacts/', import.meta.url));

/** The companion on a real socket (PGlite) and headless Chromium to drive its pages. */
export interface ChromiumCompanion {
  harness: CompanionHarness;
  browser: Browser;
  /** Closes the browser, then the companion. */
  close(): Promise<void>;
}

/**
 * Starts a {@link CompanionHarness} (with `config` over its settings) and headless Chromium (official-conformance/chromium.mjs), and
 * makes the artifacts folder.
 */
export async function startChromiumCompanion(
  config: CompanionHarnessSettings = {},
): Promise<ChromiumCompanion> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const harness = await startCompanionHarness(createPGliteDb, config);
  try {
    const browser = await launchChromium();
    return {
      harness,
      browser,
      close: async () => {
        await browser.close();
        await harness.close();
      },
    };
  } catch (error) {
    await harness.close();
    throw error;
  }
}

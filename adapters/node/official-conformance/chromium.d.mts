import type { Browser } from 'playwright-core';

/** Launches headless Chromium; fails with how to install it where there is none. */
export declare function launchChromium(): Promise<Browser>;

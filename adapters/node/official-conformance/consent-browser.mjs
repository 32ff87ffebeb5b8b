// The consent step of the suite's authorization-code-grant scenario, done as a user would: the
// runner hands over the authorization URL the suite prints; headless Chromium (Debian's, through
// playwright-core, as the companion browser tests) opens it, follows /authorize to the built-in
// consent page, clicks Approve, and lets the browser go on to the suite's callback server.
import { launchChromium } from './chromium.mjs';

export default async function consent({ url }) {
  if (!/\/authorize\?/.test(url)) return;
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(url);
    const title = await page.title();
    if (!title.startsWith('Authorize access'))
      throw new Error(`expected the consent page, got "${title}" at ${page.url()}`);
    await Promise.all([
      page.waitForURL(/\/callback\?/, { timeout: 30_000 }),
      page.getByRole('button', { name: 'Approve' }).click(),
    ]);
  } finally {
    await browser.close();
  }
}

import { EXAMPLE_SINGLE_MEMBER_FILING } from '@filing-mcp/irs-forms';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type StripeStandIn,
  standInPayments,
  startStripeStandIn,
} from '../../../packages/filing-domain/test/support/stripe-stand-in.js';
import type { CompanionHarness } from './companion-harness.js';
import { ARTIFACTS, type ChromiumCompanion, startChromiumCompanion } from './support/chromium.js';

/**
 * The companion's billing pages in a real browser (Debian's Chromium) against the Stripe stand-in
 * (a real loopback server): the tiers with the prices read from Stripe, a checkout button that
 * sends the browser to the checkout page (POST, CSRF-protected), the success page that reads the
 * checkout back and records the payment at once (once, with the webhook after it), the payment
 * history with its receipt link, and the cancel page. PGlite only, as the other browser tests;
 * payments.test.ts runs the payments storage on both databases.
 */
let stripe: StripeStandIn;
let chromium: ChromiumCompanion;
let harness: CompanionHarness;
let browser: Browser;
const consoleMessages: string[] = [];

beforeAll(async () => {
  stripe = await startStripeStandIn();
  chromium = await startChromiumCompanion(
    standInPayments(stripe, { billing: 'on', tiers: 'single:price_single:1,pair:price_pair:2' }),
  );
  ({ harness, browser } = chromium);
});

afterAll(async () => {
  await chromium?.close();
  await stripe?.close();
});

async function withPage(run: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext();
  context.setDefaultTimeout(15_000);
  try {
    const page = await context.newPage();
    page.on('console', (message) => consoleMessages.push(message.text()));
    await run(page);
  } finally {
    await context.close();
  }
}

const text = async (page: Page, selector: string) => ((await page.textContent(selector)) ?? '').trim();
const credits = async () =>
  Number(
    (
      await harness.db
        .selectFrom('billing_accounts')
        .select('credits')
        .where('user_id', '=', harness.userId)
        .executeTakeFirst()
    )?.credits ?? 0,
  );

const READY = { ...EXAMPLE_SINGLE_MEMBER_FILING, generateForm7004: false };
const readyFiling = (llcName: string) => harness.createFiling({ llcName, formData: { ...READY, llcName } });

describe('billing pages in Chromium (PGlite only: payments.test.ts runs the payments storage on both databases)', () => {
  it('without a credit the PDF link of a ready filing says the credits, the prices and where to buy; the draft is free', async () => {
    const draft = await harness.createFiling({ llcName: 'Draft LLC', formData: { llcName: 'Draft LLC' } });
    expect((await fetch(`${harness.appUrl}/filings/${draft}/pdf`)).status).toBe(200);
    const id = await readyFiling('Mesa Verde Trading LLC');
    await withPage(async (page) => {
      const response = await page.goto(`${harness.appUrl}/filings/${id}/pdf`);
      expect(response?.status()).toBe(402);
      expect(await text(page, 'h1')).toBe('A credit is needed');
      const message = await text(page, 'main');
      expect(message).toContain('you have 0: the packet was not served');
      expect(message).toContain('single (1 filing, $49.00), pair (2 filings, $89.00)');
      expect(message).toContain(`${harness.appUrl}/billing`);
    });
    expect((await fetch(`${harness.appUrl}/filings/${id}/pdf?format=zip`)).status).toBe(402);
    expect(await credits()).toBe(0);
  });

  it('tiers with Stripe’s prices, a checkout button to Stripe’s page, the success page records the payment once, the history links the receipt', async () => {
    await withPage(async (page) => {
      await page.goto(`${harness.appUrl}/billing`);
      expect(await text(page, 'h1')).toBe('Billing');
      expect(await text(page, '#credits')).toBe('You have 0 credits.');
      const tiers = await text(page, '#tiers');
      expect(tiers).toMatch(/single\s*1 filing\s*\$49\.00/);
      expect(tiers).toMatch(/pair\s*2 filings\s*\$89\.00/);
      expect(await text(page, '#extension')).toContain('$29.00');
      expect(await text(page, '#payments')).toBe('You have no payments yet.');
      await expect(page.getByRole('link', { name: 'Billing' }).count()).resolves.toBe(1);
      await page.screenshot({ path: `${ARTIFACTS}billing-page.png`, fullPage: true });

      // The button posts the form (with its CSRF token) and the browser lands on Stripe's page.
      await Promise.all([
        page.waitForURL(`${stripe.baseUrl}/pay/**`),
        page.getByRole('button', { name: 'Buy 2 filings' }).click(),
      ]);
      expect(await text(page, 'h1')).toBe('Stand-in checkout');
      const sessionId = new URL(page.url()).pathname.split('/').pop()!;
      const session = stripe.sessions.get(sessionId)!;
      expect(session.received).toMatchObject({
        mode: 'payment',
        line_items: [{ price: 'price_pair', quantity: '1' }],
        metadata: { user_id: harness.userId, kind: 'tier', tier: 'pair' },
        allow_promotion_codes: 'true',
        cancel_url: `${harness.appUrl}/billing/cancel`,
      });

      // Before paying, the success page says so and records nothing.
      await page.goto(`${harness.appUrl}/billing/success?session_id=${sessionId}`);
      expect(await text(page, 'h1')).toBe('Payment not confirmed yet');
      expect(await credits()).toBe(0);

      stripe.pay(sessionId);
      const successUrl = session.success_url.replace('{CHECKOUT_SESSION_ID}', sessionId);
      expect(successUrl).toBe(`${harness.appUrl}/billing/success?session_id=${sessionId}`);
      await page.goto(successUrl);
      expect(await text(page, 'h1')).toBe('Payment received');
      expect(await text(page, '#bought')).toBe('You paid $89.00 for 2 filings (pair).');
      expect(await text(page, '#credits')).toBe('You now have 2 credits.');
      const receipt = await page.getAttribute('#receipt', 'href');
      expect(receipt).toMatch(/^https:\/\/pay\.stripe\.com\/receipts\//);
      // Again, then the webhook: recorded once.
      await page.reload();
      expect(await text(page, '#credits')).toBe('You now have 2 credits.');
      const event = stripe.event('checkout.session.completed', { id: sessionId, payment_status: 'paid' });
      const webhook = await fetch(`${harness.baseUrl}/webhooks/stripe`, {
        method: 'POST',
        headers: event.headers,
        body: event.body,
      });
      expect(await webhook.json()).toEqual({ received: true, outcome: 'already_recorded' });
      expect(await credits()).toBe(2);

      await page.goto(`${harness.appUrl}/billing`);
      expect(await text(page, '#credits')).toBe('You have 2 credits.');
      const history = await text(page, '#payments');
      expect(history).toMatch(/2 filings\s*\$89\.00\s*Paid\s*Receipt/);
      expect(await page.getByRole('link', { name: 'Receipt' }).getAttribute('href')).toBe(receipt);

      await page.goto(`${harness.appUrl}/billing/cancel`);
      expect(await text(page, 'h1')).toBe('Checkout cancelled');
      expect(await text(page, '#bought')).toContain('nothing was charged');

      const unknown = await page.goto(`${harness.appUrl}/billing/success?session_id=cs_test_notyours`);
      expect(unknown?.status()).toBe(404);
      expect(await text(page, 'h1')).toBe('Checkout not found');
    });
    expect(consoleMessages.filter((message) => /Content Security Policy/i.test(message))).toEqual([]);
  });

  it('with credits, the PDF link of a ready filing uses one, once (the ZIP of it too)', async () => {
    const before = await credits();
    expect(before).toBe(2);
    const id = await readyFiling('Rio Claro Imports LLC');
    const pdf = await fetch(`${harness.appUrl}/filings/${id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(await credits()).toBe(1);
    expect((await fetch(`${harness.appUrl}/filings/${id}/pdf`)).status).toBe(200);
    expect((await fetch(`${harness.appUrl}/filings/${id}/pdf?format=zip`)).status).toBe(200);
    expect(await credits()).toBe(1);
  });

  it('a checkout POST without the page’s CSRF token, or of a tier that does not exist, opens nothing', async () => {
    const sessions = stripe.sessions.size;
    const forged = await fetch(`${harness.appUrl}/billing/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'tier=single',
      redirect: 'manual',
    });
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain('This form submission was refused');
    await withPage(async (page) => {
      await page.goto(`${harness.appUrl}/billing`);
      // The form as the page has it, its tier changed to one that does not exist.
      await page.evaluate('document.querySelector(\'input[name="tier"]\').value = "gold"');
      const [response] = await Promise.all([
        page.waitForResponse(`${harness.appUrl}/billing/checkout`),
        page.getByRole('button', { name: 'Buy 1 filing' }).click(),
      ]);
      expect(response.status()).toBe(400);
      expect(await text(page, '[role="alert"]')).toContain('There is no tier "gold"');
    });
    expect(stripe.sessions.size).toBe(sessions);
  });
});

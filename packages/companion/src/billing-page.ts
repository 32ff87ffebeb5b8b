import type { BillingDesk, BillingOverview, CheckoutOutcome } from '@filing-mcp/filing-domain';
import type { CompanionContext } from './companion-context.js';
import { CSRF_FIELD } from './csrf.js';
import { displayTimestamp } from './filing-pages.js';
import { html, type SafeHtml } from './html.js';
import { errorPage, pageResponse } from './page.js';

/** The billing pages' context: the companion's, on a server that takes payments. */
export type BillingContext = CompanionContext & { billing: BillingDesk };

/** Checkout session ids as Stripe writes them (`cs_test_...`, `cs_live_...`). */
const CHECKOUT_ID = /^cs_[A-Za-z0-9_]{1,200}$/;

/** An amount as people read it: `$49.00` (the lower-case currency of Stripe's prices). */
export function displayAmount(amount: number | null, currency: string | null): string {
  if (amount === null || currency === null) return 'price unavailable';
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
      amount / 100,
    );
  } catch {
    return `${amount} ${currency}`;
  }
}

const filingsText = (count: number) => `${count} filing${count === 1 ? '' : 's'}`;
const creditsText = (count: number) => `${count} credit${count === 1 ? '' : 's'}`;

/** The words of a payment's status. */
const STATUS_WORDS: Readonly<Record<string, string>> = {
  succeeded: 'Paid',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
};

function creditsSection(overview: BillingOverview): SafeHtml {
  const rule =
    overview.billing === 'on'
      ? 'Each filing you file through this server uses one credit, once: its first fax, or its final packet downloaded to mail. Drafts, checks and the draft packet are free.'
      : 'This server does not ask for a credit to file: credits you buy are kept for later.';
  return html`<div class="card"><p id="credits"><strong>You have ${creditsText(overview.credits)}.</strong></p><p class="muted">${rule}</p></div>`;
}

function tiersTable(context: BillingContext, overview: BillingOverview, token: string): SafeHtml {
  return html`<table id="tiers">
<thead><tr><th>Tier</th><th>What it buys</th><th>Price</th><th></th></tr></thead>
<tbody>${overview.tiers.map(
    (tier) => html`<tr>
<td>${tier.name}</td>
<td>${filingsText(tier.filings)}</td>
<td>${displayAmount(tier.amount, tier.currency)}</td>
<td><form class="inline" method="post" action="${context.appPath}/billing/checkout"><input type="hidden" name="${CSRF_FIELD}" value="${token}"><input type="hidden" name="tier" value="${tier.name}"><button class="primary" type="submit">Buy ${filingsText(tier.filings)}</button></form></td>
</tr>`,
  )}</tbody>
</table>
<p class="muted">You pay on Stripe’s checkout page (card details never pass through this server); a promotion code can be typed there.</p>`;
}

function historyTable(overview: BillingOverview): SafeHtml {
  if (overview.payments.length === 0)
    return html`<p class="muted" id="payments">You have no payments yet.</p>`;
  return html`<table id="payments">
<thead><tr><th>Date</th><th>What</th><th>Amount</th><th>Status</th><th>Receipt</th></tr></thead>
<tbody>${overview.payments.map(
    (payment) => html`<tr>
<td>${displayTimestamp(payment.created_at)}</td>
<td>${payment.kind === 'extension' ? 'Form 7004 extension of one filing' : filingsText(payment.filings_purchased)}${payment.promotion_code ? html` <span class="muted">(code ${payment.promotion_code})</span>` : ''}</td>
<td>${displayAmount(payment.amount, payment.currency)}</td>
<td>${STATUS_WORDS[payment.status] ?? payment.status}</td>
<td>${payment.receipt_url ? html`<a href="${payment.receipt_url}" rel="noreferrer">Receipt</a>` : html`<span class="muted">not yet</span>`}</td>
</tr>`,
  )}</tbody>
</table>`;
}

async function render(
  context: BillingContext,
  request: Request,
  options: { status?: number; message?: SafeHtml } = {},
): Promise<Response> {
  const overview = await context.billing.overview(context.userId);
  const csrf = context.csrf.issue(request);
  return pageResponse(
    {
      ...context,
      status: options.status,
      title: 'Billing',
      formTargets: context.billing.checkoutOrigins,
      body: html`<h1>Billing</h1>
${options.message ?? ''}
${creditsSection(overview)}
<h2>Buy filings</h2>
${tiersTable(context, overview, csrf.token)}
<p class="muted" id="extension">The Form 7004 extension of one filing costs ${displayAmount(overview.extension.amount, overview.extension.currency)}: ask your assistant to buy it for that filing. Once paid, the filing’s packet carries its Form 7004 until the original due date.</p>
<h2>Your payments</h2>
${historyTable(overview)}`,
    },
    csrf.setCookie ? { 'set-cookie': csrf.setCookie } : {},
  );
}

/** GET `{app_url}/billing`: the tiers with Stripe's prices, the checkout buttons, the credits and the payments. */
export function billingPage(context: BillingContext, request: Request): Promise<Response> {
  return render(context, request);
}

/**
 * POST `{app_url}/billing/checkout` (CSRF already checked): opens the tier's checkout and sends
 * the browser to Stripe's page (303). The amount is the tier's price; nothing else of the form is used.
 */
export async function checkoutAction(
  context: BillingContext,
  request: Request,
  form: URLSearchParams,
): Promise<Response> {
  try {
    const { url } = await context.billing.checkout(context.userId, form.get('tier') ?? '');
    return new Response(null, { status: 303, headers: { location: url, 'cache-control': 'no-store' } });
  } catch (error) {
    if ((error as Error).name !== 'ToolError') throw error;
    const limited = (error as Error).message.includes('in the last hour');
    return render(context, request, {
      status: limited ? 429 : 400,
      message: html`<p class="error" role="alert">${(error as Error).message}</p>`,
    });
  }
}

function boughtText(outcome: CheckoutOutcome): string {
  return outcome.kind === 'extension'
    ? 'the Form 7004 extension of one of your filings: its packet now carries Form 7004 (in the part you keep, sent on its own) until the original due date'
    : `${filingsText(outcome.filings)}${outcome.tier === null ? '' : ` (${outcome.tier})`}`;
}

/**
 * GET `{app_url}/billing/success?session_id=...`: where Stripe sends the payer back. The checkout
 * (the user's own) is read back from Stripe and a paid one recorded at once, idempotently with
 * the webhook; the page says what the payment bought.
 */
export async function billingSuccessPage(context: BillingContext, request: Request): Promise<Response> {
  const id = new URL(request.url).searchParams.get('session_id') ?? '';
  const outcome = CHECKOUT_ID.test(id) ? await context.billing.confirm(context.userId, id) : undefined;
  if (outcome === undefined) {
    return errorPage(context, 404, 'Checkout not found', 'There is no such checkout among yours.');
  }
  const back = html`<p><a href="${context.appPath}/billing">Back to billing</a></p>`;
  if (outcome.outcome !== 'recorded' && outcome.outcome !== 'already_recorded') {
    return pageResponse({
      ...context,
      title: 'Payment not confirmed yet',
      body: html`<h1>Payment not confirmed yet</h1><p id="bought">Stripe has not confirmed this payment yet: nothing is recorded and no credit was added. Reload this page in a moment.</p>${back}`,
    });
  }
  return pageResponse({
    ...context,
    title: 'Payment received',
    body: html`<h1>Payment received</h1>
<p id="bought">You paid ${displayAmount(outcome.amount, outcome.currency)} for ${boughtText(outcome)}.</p>
<p id="credits">You now have ${creditsText(outcome.credits)}.</p>
${outcome.receiptUrl ? html`<p><a id="receipt" href="${outcome.receiptUrl}" rel="noreferrer">Your receipt</a></p>` : ''}
${back}`,
  });
}

/** GET `{app_url}/billing/cancel`: where Stripe sends a payer who left the checkout. */
export function billingCancelPage(context: BillingContext): Response {
  return pageResponse({
    ...context,
    title: 'Checkout cancelled',
    body: html`<h1>Checkout cancelled</h1><p id="bought">You left the checkout: nothing was charged and nothing was bought.</p><p><a href="${context.appPath}/billing">Back to billing</a></p>`,
  });
}

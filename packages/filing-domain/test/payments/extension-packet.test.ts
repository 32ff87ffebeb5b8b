// A paid Form 7004 extension (buy_extension) against the Stripe stand-in: once paid, the filing's
// packet carries its Form 7004 in the part for the owner, never in the part to file, for as long
// as the extension can still be filed (the original due date not passed); after it, or for a
// partnership (whose packet has no Form 7004 yet), none is sold. Read back with poppler's pdftotext.
import { testDatabases } from '@filing-mcp/test-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FaxHarness, READY_FILING, startFaxHarness } from '../support/fax-harness.js';
import { newUser } from '../support/helpers.js';
import { pdfText } from '../support/pdf-text.js';
import { type StripeStandIn, standInPayments, startStripeStandIn } from '../support/stripe-stand-in.js';

const FORM_7004 = 'Application for Automatic Extension';

describe.each(testDatabases())('a paid extension on $name', (variant) => {
  let h: FaxHarness;
  let stripe: StripeStandIn;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    h = await startFaxHarness(variant, false, standInPayments(stripe));
  });
  afterAll(async () => {
    await h?.close();
    await stripe?.close();
  });

  const text = async (url: string) => {
    const response = await fetch(url);
    expect(response.status).toBe(200);
    return pdfText(new Uint8Array(await response.arrayBuffer()));
  };
  async function payExtension(key: string, id: string) {
    const bought = await h.ok(key, 'buy_extension', { id });
    stripe.pay(bought.checkout_id);
    const { payments } = await h.ok(key, 'list_payments');
    expect(payments.find((payment: any) => payment.filing_id === id)).toMatchObject({
      kind: 'extension',
      status: 'succeeded',
    });
  }

  it('before the due date: Form 7004 joins the owner’s part once paid, never the part to file', async () => {
    const { key } = await newUser(h.db);
    // A tax year whose return is not due yet (2026 ends on Dec 31; the return is due in April 2027).
    const current = { ...READY_FILING, taxYearBegin: '2026-01-01', taxYearEnd: '2026-12-31' };
    const { id } = await h.ok(key, 'create_filing', { form_data: current });
    const links = await h.ok(key, 'get_pdf_url', { id });
    expect(await text(`${links.download_url}&part=owner`)).not.toContain(FORM_7004);

    const unpaid = await h.ok(key, 'check_filing', { id });
    expect(unpaid.forms.map((form: any) => form.form)).not.toContain('7004');
    expect(unpaid.extended_due_date).toBeNull();

    await payExtension(key, id);
    // check_filing lists what the packet now holds.
    const paid = await h.ok(key, 'check_filing', { id });
    expect(paid.forms.find((form: any) => form.form === '7004')).toMatchObject({ included: true });
    expect(paid.extended_due_date).toBe('2027-10-15');
    const owner = await text(`${links.download_url}&part=owner`);
    expect(owner).toContain(FORM_7004);
    expect(owner).toContain(current.llcName);
    expect(await text(links.download_to_file_url)).not.toContain(FORM_7004);
    const whole = await text(links.download_url);
    expect(whole).toContain(FORM_7004);
    // The stored answers are unchanged: the server adds the Form 7004, the user asked nothing.
    const stored = await h.ok(key, 'get_filing', { id });
    expect(stored.form_data.generateForm7004).toBe(false);
    expect(stored.form_data.form7004Paid).toBeUndefined();
    // Another user's extension does not reach this filing.
    const other = await newUser(h.db);
    const theirs = await h.ok(other.key, 'create_filing', { form_data: current });
    const theirLinks = await h.ok(other.key, 'get_pdf_url', { id: theirs.id });
    expect(await text(`${theirLinks.download_url}&part=owner`)).not.toContain(FORM_7004);
  });

  it('is not sold after the due date, nor for a partnership: the answer says why and no checkout opens', async () => {
    const { key } = await newUser(h.db);
    const sessions = stripe.sessions.size;
    // READY_FILING's return (the 2025 tax year) was due 2026-04-15: a Form 7004 can no longer extend it.
    const late = await h.ok(key, 'create_filing', { form_data: READY_FILING });
    const refusedLate = await h.call(key, 'buy_extension', { id: late.id });
    expect(refusedLate.isError).toBe(true);
    expect(refusedLate.text).toContain('The return was due 2026-04-15');
    expect(refusedLate.text).toContain('Nothing was opened');
    // No packet of a partnership carries a Form 7004 yet: nothing is sold that would not be delivered.
    const partnership = await h.ok(key, 'create_partnership_filing', {
      form_data: { partnershipName: 'Two Owners LLC', taxYearBegin: '2026-01-01', taxYearEnd: '2026-12-31' },
    });
    const refusedPartnership = await h.call(key, 'buy_extension', { id: partnership.id });
    expect(refusedPartnership.isError).toBe(true);
    expect(refusedPartnership.text).toContain('sold for single-member filings only');
    expect(stripe.sessions.size).toBe(sessions);
    expect(
      await h.db
        .selectFrom('payments')
        .select('id')
        .where('filing_id', 'in', [late.id, partnership.id])
        .execute(),
    ).toEqual([]);
  });
});

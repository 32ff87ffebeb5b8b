// Form 5472 to its last line over MCP: get_form_schema's transaction kinds with their lines and labels, check_filing's
// refusals (dates, countries, codes, ambiguous kinds) and recommendations, and Part VII per related
// party stored and checked; on PostgreSQL and PGlite.
import { EXAMPLE_SINGLE_MEMBER_FILING } from '@filing-mcp/irs-forms';
import { testDatabases } from '@filing-mcp/test-db';
import { describe, expect, it } from 'vitest';
import { callTool, newUser, ok, useHarness } from '../support/helpers.js';

const base = { ...EXAMPLE_SINGLE_MEMBER_FILING, generateForm7004: false, generateLateFilingLetter: false };
const [owner, sister] = EXAMPLE_SINGLE_MEMBER_FILING.relatedParties;

describe.each(testDatabases())('Form 5472 to its last line on $name', (variant) => {
  const harness = useHarness(variant);

  it('get_form_schema gives each transaction kind its Part IV line and label, with the royalty example', async () => {
    const { key } = await newUser(harness().db);
    const schema = await ok(harness().server, key, 'get_form_schema', { kind: '5472' });
    const byKind = new Map(schema.transaction_kinds.map((entry: any) => [entry.kind, entry]));
    expect(byKind.get('intangible_property_paid')).toEqual({
      kind: 'intangible_property_paid',
      part: 'IV',
      line: '28',
      label:
        'Purchases, leases, licenses, etc., of intangible property rights (for example, patents, trademarks, secret formulas)',
      example: expect.stringMatching(/trademark royalty goes here, not on line 27b/),
    });
    expect(byKind.get('royalties_paid_other_than_intangible_property')).toMatchObject({ line: '27b' });
    expect(byKind.get('capital_contribution')).toMatchObject({ part: 'V', line: 'V' });
    expect(byKind.has('royalties_paid')).toBe(false);
    const transaction = schema.schema.properties.relatedParties.items.properties.transactions.items;
    expect(transaction.properties.kind.description).toContain('line 28');
    const partnership = await ok(harness().server, key, 'get_form_schema', { kind: 'partnership' });
    expect(partnership.transaction_kinds).toBeUndefined();
  });

  it('check_filing refuses each bad value with its fix, and a bad kind or box list is a tool error', async () => {
    const { key } = await newUser(harness().db);
    const { id } = await ok(harness().server, key, 'create_filing', {
      form_data: {
        ...base,
        dateIncorporation: '2026-02-01',
        form7004FiledDate: '2026-03-05',
        countryIncorporation: 'Wyoming',
        businessActivityCode: 'video production',
        ownerCitizenship: 'NM',
        relatedParties: [
          { ...owner, relationship: ['foreign_shareholder'] },
          { ...sister, transactions: [{ kind: 'royalties_paid', amount: 900 }] },
        ],
      },
    });
    const report = await ok(harness().server, key, 'check_filing', { id, as_of: '2026-03-01' });
    expect(report.ready).toBe(false);
    const messages = Object.fromEntries(report.invalid.map((entry: any) => [entry.field, entry.message]));
    expect(messages.dateIncorporation).toMatch(/after the end of the tax year \(2025-12-31\)/);
    expect(messages.form7004FiledDate).toMatch(/after 2026-03-01, the day checked for/);
    expect(messages.countryIncorporation).toMatch(/U\.S\. state, not a country: write United States/);
    expect(messages.businessActivityCode).toMatch(/six-digit code .* e\.g\. 541511/);
    expect(messages.ownerCitizenship).toMatch(/"NM" is the U\.S\. state New Mexico, not a country/);
    expect(messages['relatedParties[1].transactions[0].kind']).toMatch(
      /intangible_property_paid \(line 28\)/,
    );
    expect(messages['relatedParties[0].relationship']).toBeUndefined();

    for (const form_data of [
      { relatedParties: [{ ...owner, relationship: ['foreign_shareholder', 'owner'] }] },
      { relatedParties: [{ ...owner, transactions: [{ kind: 'royalty', amount: 1 }] }] },
    ]) {
      const refused = await callTool(harness().server, key, 'update_filing', { id, form_data });
      expect(refused.isError).toBe(true);
    }
    const stored = await ok(harness().server, key, 'get_filing', { id });
    expect(stored.form_data.relatedParties[0].relationship).toEqual(['foreign_shareholder']);
  });

  it('Part VII per related party is stored, checked per party, and an overdue filing is told about the reasonable-cause statement', async () => {
    const { key } = await newUser(harness().db);
    const { id } = await ok(harness().server, key, 'create_filing', {
      form_data: {
        ...base,
        partVII: { ...base.partVII, line42a: true },
        relatedParties: [{ ...owner, partVII: { line42a: true, line42b: false } }, sister],
      },
    });
    const report = await ok(harness().server, key, 'check_filing', { id, as_of: '2026-03-01' });
    expect(report.missing).toEqual([
      { form: '5472', part: 'VII', line: '42a', field: 'relatedParties[1].partVII.line42a' },
    ]);
    await ok(harness().server, key, 'update_filing', {
      id,
      form_data: {
        partVII: base.partVII,
        relatedParties: [
          { ...owner, partVII: { line42a: true, line42b: false } },
          { ...sister, partVII: { line42a: false } },
        ],
      },
    });
    const ready = await ok(harness().server, key, 'check_filing', { id, as_of: '2026-03-01' });
    expect(ready).toMatchObject({ ready: true, missing: [], invalid: [] });
    expect(ready.recommended).toEqual([expect.objectContaining({ item: 'proof of filing' })]);

    // Late with the statement turned off: not ready, the $50,000 exposure and the fix named.
    const late = await ok(harness().server, key, 'check_filing', { id, as_of: '2026-11-25' });
    expect(late).toMatchObject({ ready: false, late_filing: { statement_included: false } });
    expect(late.penalties[0]).toMatchObject({ code: '6038A(d)(1)', amount: 50_000 });
    expect(late.invalid).toContainEqual({
      field: 'generateLateFilingLetter',
      message: expect.stringMatching(/224 days late.*lateFilingReason/),
    });
  });
});

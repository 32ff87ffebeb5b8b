import { testDatabases } from '@filing-mcp/test-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, newUser, ok, startHarness } from '../support/helpers.js';

function nested(depth: number): Record<string, unknown> {
  let value: Record<string, unknown> = { leaf: 'bottom', list: [1, 'two', null, true] };
  for (let i = 0; i < depth; i++) value = { level: i, child: value, siblings: [{ i }] };
  return value;
}

const awkward = {
  llcName: "Robert'); DROP TABLE filings;--",
  llcStreet: "' OR '1'='1",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal placeholder is the point of this value
  ownerName: '$1 $$ \\x00 %s %d {{template}} ${injection}',
  ownerCity: 'Zürich 8001, Schweiz — 東京都 🏢 مرحبا עברית',
  businessActivity: 'x'.repeat(100_000),
  'key with spaces and "quotes"': 'kept',
  ключ: ['юникод', { 'emoji 🔑': '✓' }],
  numbers: { big: 9007199254740991, negative: -1.5, zero: 0, exp: 1e21 },
  empty: { object: {}, array: [], string: '' },
  nothing: null,
};

describe.each(testDatabases())('form_data round trips on $name', (variant) => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness(variant, { maxBodyBytes: 4 * 1024 * 1024 });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('SQL-looking strings, unicode and very long strings come back unchanged', async () => {
    const { key } = await newUser(harness.db);
    const { id } = await ok(harness.server, key, 'create_filing', { form_data: awkward });
    const filing = await ok(harness.server, key, 'get_filing', { id });
    expect(filing.form_data).toEqual(awkward);
    expect(filing.llc_name).toBe(awkward.llcName);
    expect(filing.ein).toBeNull();
    const { filings } = await ok(harness.server, key, 'list_filings');
    expect(filings.map((f: any) => f.llc_name)).toEqual([awkward.llcName]);
    const tables = await harness.db.selectFrom('filings').select('id').limit(1).execute();
    expect(tables.length).toBe(1);
  });

  it('a 500 KB form_data round-trips through create, update and get', async () => {
    const { key } = await newUser(harness.db);
    const partners = Array.from({ length: 100 }, (_, i) => ({
      id: `00000000-0000-4000-8000-${i.toString().padStart(12, '0')}`,
      name: `Partner ${i} ${'ü'.repeat(5100)}`,
      isForeign: i % 2 === 0,
      withholdingRate: '21',
    }));
    const formData = { partnershipName: 'Big LP', partners };
    expect(JSON.stringify(formData).length).toBeGreaterThan(500_000);
    const { id } = await ok(harness.server, key, 'create_partnership_filing', { form_data: formData });
    expect((await ok(harness.server, key, 'get_partnership_filing', { id })).form_data).toEqual(formData);
    await ok(harness.server, key, 'update_partnership_filing', { id, form_data: { zip: '10001' } });
    expect((await ok(harness.server, key, 'get_partnership_filing', { id })).form_data).toEqual({
      ...formData,
      zip: '10001',
    });
  });

  it('deeply nested JSON round-trips unchanged, also through a top-level merge', async () => {
    const { key } = await newUser(harness.db);
    const deep = nested(200);
    const { id } = await ok(harness.server, key, 'create_filing', { form_data: { customSection: deep } });
    await ok(harness.server, key, 'update_filing', { id, form_data: { otherSection: nested(50) } });
    const filing = await ok(harness.server, key, 'get_filing', { id });
    expect(filing.form_data).toEqual({ customSection: deep, otherSection: nested(50) });
  });
});

// Updates merge: objects field by field, lists whole, null clears, check_filing paths as
// keys, and `removed` names every field an update removed. What the database holds afterwards.
import type { FilingTableName } from '../../src/kinds/filing-kinds.js';
import { testDatabases } from '@filing-mcp/test-db';
import { describe, expect, it } from 'vitest';
import { callTool, newUser, ok, useHarness, storedFormData as storedOf } from '../support/helpers.js';

const PART_VII = {
  line37: false,
  line38a: false,
  line39: false,
  line40a: false,
  line41a: false,
};

describe.each(testDatabases())('update_filing and update_partnership_filing merge on $name', (variant) => {
  const harness = useHarness(variant);

  const storedFormData = (table: FilingTableName, id: string) => storedOf(harness().db, table, id);

  it('a partial partVII keeps the lines it does not name', async () => {
    const { key } = await newUser(harness().db);
    const created = await ok(harness().server, key, 'create_filing', {
      form_data: { llcName: 'Mesa LLC', partVII: PART_VII },
    });
    const updated = await ok(harness().server, key, 'update_filing', {
      id: created.id,
      form_data: { partVII: { line42a: false, line42b: false, line43a: false } },
    });
    expect(updated).not.toHaveProperty('removed');
    expect((await storedFormData('filings', created.id)).partVII).toEqual({
      ...PART_VII,
      line42a: false,
      line42b: false,
      line43a: false,
    });
  });

  it('null clears one nested line and removed names it', async () => {
    const { key } = await newUser(harness().db);
    const created = await ok(harness().server, key, 'create_filing', {
      form_data: { llcName: 'Mesa LLC', partVII: PART_VII },
    });
    const updated = await ok(harness().server, key, 'update_filing', {
      id: created.id,
      form_data: { partVII: { line39: null } },
    });
    expect(updated.removed).toEqual([{ field: 'partVII.line39' }]);
    const { line39: _gone, ...rest } = PART_VII;
    expect((await storedFormData('filings', created.id)).partVII).toEqual(rest);
  });

  it('a dotted check_filing path is stored inside the related party, its other fields kept', async () => {
    const { key } = await newUser(harness().db);
    const created = await ok(harness().server, key, 'create_filing', {
      form_data: {
        relatedParties: [{ name: 'Lion Pte Ltd', country: 'SG', partVII: { line41a: false } }],
      },
    });
    const before = (await storedFormData('filings', created.id)).relatedParties[0];
    const updated = await ok(harness().server, key, 'update_filing', {
      id: created.id,
      form_data: { 'relatedParties[0].partVII.line42a': true, 'relatedParties[0].partVII.line42b': false },
    });
    expect(updated).not.toHaveProperty('unrecognized_fields');
    expect((await storedFormData('filings', created.id)).relatedParties).toEqual([
      { ...before, partVII: { line41a: false, line42a: true, line42b: false } },
    ]);
  });

  it('a dotted path with a wrong value or past the list is refused and changes nothing', async () => {
    const { key } = await newUser(harness().db);
    const created = await ok(harness().server, key, 'create_filing', {
      form_data: { relatedParties: [{ name: 'Lion Pte Ltd' }] },
    });
    const before = await storedFormData('filings', created.id);
    const wrong = await callTool(harness().server, key, 'update_filing', {
      id: created.id,
      form_data: { 'relatedParties[0].partVII.line42a': 'perhaps' },
    });
    expect(wrong.isError).toBe(true);
    expect(wrong.text).toContain('form_data.relatedParties.0.partVII.line42a');
    const past = await callTool(harness().server, key, 'update_filing', {
      id: created.id,
      form_data: { 'relatedParties[5].name': 'Nobody' },
    });
    expect(past.isError).toBe(true);
    expect(past.text).toContain('relatedParties[5].name: does not fit the filing');
    expect(await storedFormData('filings', created.id)).toEqual(before);
  });

  it.each([
    ['a dotted path through __proto__', { '__proto__.polluted': 'owned' }],
    ['a dotted path through constructor.prototype', { 'constructor.prototype.polluted': 'owned' }],
    ['a nested path through __proto__', { 'relatedParties[0].__proto__.polluted': 'owned' }],
    ['a __proto__ key', JSON.parse('{"__proto__": {"polluted": "owned"}}')],
    ['a nested __proto__ key', JSON.parse('{"partVII": {"__proto__": {"polluted": "owned"}}}')],
  ])('%s reaches no prototype and is never stored', async (_name, formData) => {
    const { key } = await newUser(harness().db);
    const created = await ok(harness().server, key, 'create_filing', {
      form_data: { relatedParties: [{ name: 'Lion Pte Ltd' }], partVII: PART_VII },
    });
    const before = await storedFormData('filings', created.id);
    const answer = await callTool(harness().server, key, 'update_filing', {
      id: created.id,
      form_data: formData,
    });
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    const after = await storedFormData('filings', created.id);
    expect(JSON.stringify(after)).not.toContain('polluted');
    if (answer.isError) expect(after).toEqual(before);
    // The server still serves the user as before.
    expect((await ok(harness().server, key, 'get_filing', { id: created.id })).id).toBe(created.id);
  });

  it('a list sent whole lists the items and the fields of kept items it removed', async () => {
    const { key } = await newUser(harness().db);
    const created = await ok(harness().server, key, 'create_filing', {
      form_data: {
        relatedParties: [
          { name: 'Lion Pte Ltd', country: 'SG', partVII: { line41a: false } },
          { name: 'Tiger Sdn Bhd' },
        ],
      },
    });
    const [lion, tiger] = (await storedFormData('filings', created.id)).relatedParties;
    const updated = await ok(harness().server, key, 'update_filing', {
      id: created.id,
      form_data: { relatedParties: [{ name: 'Lion Pte Ltd' }] },
    });
    expect(updated.removed).toEqual([
      { field: 'relatedParties[0].country' },
      { field: 'relatedParties[0].partVII' },
      { list: 'relatedParties', id: tiger.id, name: 'Tiger Sdn Bhd' },
    ]);
    expect((await storedFormData('filings', created.id)).relatedParties).toEqual([
      { id: lion.id, name: 'Lion Pte Ltd' },
    ]);
  });

  it('update_partnership_filing merges a schedule and a partner path, null clears', async () => {
    const { key } = await newUser(harness().db);
    const created = await ok(harness().server, key, 'create_partnership_filing', {
      form_data: {
        partnershipName: 'River LP',
        scheduleB: { line2a: false, line2b: false },
        partners: [{ name: 'A GmbH', guaranteedPayments: { services: 100 }, shares: { profitEnding: 50 } }],
      },
    });
    const [partner] = (await storedFormData('partnership_filings', created.id)).partners;
    const updated = await ok(harness().server, key, 'update_partnership_filing', {
      id: created.id,
      form_data: {
        scheduleB: { line3a: false, line2b: null },
        'partners[0].guaranteedPayments.capital': 40,
      },
    });
    expect(updated).toEqual({ ok: true, removed: [{ field: 'scheduleB.line2b' }] });
    const stored = await storedFormData('partnership_filings', created.id);
    expect(stored.scheduleB).toEqual({ line2a: false, line3a: false });
    expect(stored.partners).toEqual([{ ...partner, guaranteedPayments: { services: 100, capital: 40 } }]);
  });
});

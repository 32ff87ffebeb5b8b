// Lookups keyed by a client's string that read a plain object: a name Object.prototype answers
// (`toString`, `constructor`, ...) is no entry of it. A form_data field so named is cleared by
// null like any other; an ectiLines entry so named is not a line, refused or not; a kind so
// spelled names no kind.
import { EXAMPLE_PARTNERSHIP_FILING } from '@filing-mcp/irs-forms';
import { testDatabases } from '@filing-mcp/test-db';
import { describe, expect, it } from 'vitest';
import { mergeFormData } from '../../src/forms/form-data-merge.js';
import { resolveFilingKind } from '../../src/forms/kind-aliases.js';
import { withPartnerIds, withRelatedPartyIds } from '../../src/forms/list-item-ids.js';
import { FilingRepository } from '../../src/storage/filing-repository.js';
import { callTool, newUser, ok, storedFormData, useHarness } from '../support/helpers.js';

/** Every name Object.prototype answers, and `prototype`; `__proto__` is never stored as a field. */
const NAMES = [...new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype'])].filter(
  (name) => name !== '__proto__',
);

/** An object with an own field `name` (a computed key, as JSON.parse builds it on the server). */
const objectWith = (name: string, value: unknown): Record<string, unknown> => ({ [name]: value });

describe.each(testDatabases())('prototype names as form_data fields and ectiLines on $name', (variant) => {
  const harness = useHarness(variant);

  it.each(NAMES)('a stored field named %s is cleared by null and removed names it', async (name) => {
    const { key } = await newUser(harness().db);
    const created = await ok(harness().server, key, 'create_filing', {
      form_data: { llcName: 'Mesa LLC', ...objectWith(name, 'kept as sent') },
    });
    expect(Object.hasOwn(await storedFormData(harness().db, 'filings', created.id), name)).toBe(true);
    const updated = await ok(harness().server, key, 'update_filing', {
      id: created.id,
      form_data: objectWith(name, null),
    });
    expect(updated.removed).toEqual([{ field: name }]);
    expect(updated).not.toHaveProperty('unrecognized_fields');
    expect(await storedFormData(harness().db, 'filings', created.id)).toEqual({ llcName: 'Mesa LLC' });
  });

  it.each(NAMES)('ectiLines [%s] is refused as no line, and nothing is created', async (name) => {
    const { userId, key } = await newUser(harness().db);
    const answer = await callTool(harness().server, key, 'create_partnership_filing', {
      form_data: { partnershipName: 'Proto LP', ectiLines: [name] },
    });
    expect(answer.isError).toBe(true);
    expect(answer.text).toMatch(/^Invalid arguments: form_data\.ectiLines\.0: must be one of line1, /);
    expect(answer.text).not.toContain('is refused');
    const rows = await harness()
      .db.selectFrom('partnership_filings')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    expect(rows).toEqual([]);
  });

  it.each(NAMES)('check_filing of a stored ectiLines [%s] refuses no deduction line', async (name) => {
    const { userId, key } = await newUser(harness().db);
    const id = await new FilingRepository(harness().db).createFiling('partnership_filings', {
      userId,
      llcName: EXAMPLE_PARTNERSHIP_FILING.partnershipName,
      ein: null,
      taxYearBegin: null,
      taxYearEnd: null,
      formData: { ...EXAMPLE_PARTNERSHIP_FILING, ectiLines: [name, 'line12'] },
    });
    const checked = await ok(harness().server, key, 'check_filing', { id, kind: 'partnership' });
    const ecti = checked.invalid.filter((problem: { field: string }) => problem.field === 'ectiLines');
    // line12 is refused with its reason; the prototype name is no refused line.
    expect(ecti.map((problem: { message: string }) => problem.message.split(':')[0])).toEqual([
      'line12 is refused',
    ]);
  });
});

describe('resolveFilingKind', () => {
  it.each([...NAMES, '__proto__'])('%s names no kind', (name) => {
    expect(resolveFilingKind(name)).toBeUndefined();
    expect(resolveFilingKind(` ${name.toUpperCase()} `)).toBeUndefined();
  });

  it('still resolves every spelling of a kind, trimmed and in any case', () => {
    expect(resolveFilingKind('5472')).toBe('5472');
    expect(resolveFilingKind(' Partnership ')).toBe('partnership');
    expect(resolveFilingKind('FORM-1065')).toBe('partnership');
    expect(resolveFilingKind('form-5472-1120')).toBe('5472');
  });
});

describe('mergeFormData with a __proto__ key', () => {
  it.each([
    ['relatedParties', withRelatedPartyIds, { id: 'p1', name: 'Lion Pte Ltd' }],
    ['partners', withPartnerIds, { id: 'p1', name: 'Ann Lee', tin: '123-45-6789' }],
  ] as const)('keeps the stored %s: the key names no field and no list', (list, withIds, item) => {
    const stored = { llcName: 'Mesa LLC', [list]: [item] };
    const merge = mergeFormData(stored, JSON.parse(`{"__proto__": {"${list}": []}}`), { list, withIds });
    expect(merge.formData).toEqual(stored);
    expect(merge).toMatchObject({ changed: [], cleared: [], removed: [], problems: [] });
  });
});

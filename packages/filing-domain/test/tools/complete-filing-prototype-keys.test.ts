// complete_filing writes its answers by path into a copy of form_data (complete-filing-store.ts)
// and opens a new list item the same way to see what it will ask (elicitation-sections.ts). A
// path or key that is a prototype's name (`__proto__`, `constructor`, `toString`) names a field
// there, never a prototype: nothing reaches Object.prototype, the answer is refused and the
// stored row is what it was.
import { testDatabases } from '@filing-mcp/test-db';
import { afterEach, describe, expect, it } from 'vitest';
import { formatFieldPath } from '../../src/forms/elicitation-paths.js';
import { loadIrsForms } from '../../src/loading/loaders.js';
import { findAnyFiling } from '../../src/storage/find-any-filing.js';
import { FilingRepository } from '../../src/storage/filing-repository.js';
import { type Answer, storeAnswers, type StoredFiling } from '../../src/tools/complete-filing-store.js';
import type { AskedField } from '../../src/tools/elicitation-form.js';
import { withNewItemFields } from '../../src/tools/elicitation-sections.js';
import { createEagerFilingTools } from '../../src/tools/filing-tool-definitions.js';
import { newUser, ok, useHarness } from '../support/helpers.js';

/** Every name Object.prototype answers for, and the names that reach a prototype. */
const PROTOTYPE_NAMES = [
  ...new Set([...Object.getOwnPropertyNames(Object.prototype), '__proto__', 'constructor', 'prototype']),
];

const PROBES = ['polluted', 'partners', 'relatedParties'];

/**
 * The fields a plain object, or Object itself, answers that it should not have: what a write
 * through `__proto__` or `constructor` left there.
 */
function polluted(): string[] {
  const probe = {} as Record<string, unknown>;
  const object = Object as unknown as Record<string, unknown>;
  return PROBES.filter((key) => probe[key] !== undefined || Object.hasOwn(object, key));
}

// A test that reached a prototype does not leave the next one to fail for it.
afterEach(() => {
  for (const key of PROBES) {
    delete (Object.prototype as Record<string, unknown>)[key];
    delete (Object as unknown as Record<string, unknown>)[key];
  }
});

describe.each(testDatabases())('complete_filing answers at prototype names on $name', (variant) => {
  const harness = useHarness(variant);

  async function row(id: string) {
    return harness()
      .db.selectFrom('filings')
      .select(['id', 'llc_name', 'ein', 'tax_year_begin', 'tax_year_end', 'form_data', 'updated_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  async function filingOf(): Promise<{ userId: string; filing: StoredFiling }> {
    const { userId, key } = await newUser(harness().db);
    const created = await ok(harness().server, key, 'create_filing', {
      form_data: { llcName: 'Mesa LLC', relatedParties: [{ name: 'Lion Pte Ltd' }] },
    });
    const { filing } = await findAnyFiling(new FilingRepository(harness().db), userId, created.id, '5472');
    return { userId, filing };
  }

  const update = () =>
    createEagerFilingTools({ db: harness().db, appUrl: 'https://app.example.test' }).find(
      (tool) => tool.name === 'update_filing',
    )!;

  const paths = (name: string): Answer['path'][] => [
    [name, 'polluted'],
    [name, 'prototype', 'polluted'],
    ['partVII', name, 'polluted'],
    ['relatedParties', 0, name, 'polluted'],
  ];

  it.each(PROTOTYPE_NAMES)('an answer through %s is refused and stores nothing', async (name) => {
    const { userId, filing } = await filingOf();
    const before = await row(filing.id);
    for (const path of paths(name)) {
      const result = await storeAnswers({
        kind: '5472',
        filing,
        answers: [{ path, value: 'owned' }],
        touch: [],
        update: update(),
        context: { auth: { userId } } as never,
      });
      expect(polluted()).toEqual([]);
      expect(result.stored).toEqual([]);
      expect(result.refused.map((refusal) => refusal.field)).toEqual([formatFieldPath(path)]);
    }
    expect(await row(filing.id)).toEqual(before);
  });

  it.each(PROTOTYPE_NAMES)('a new list item under %s reaches no prototype', async (name) => {
    const { filing } = await filingOf();
    const before = await row(filing.id);
    const { checkFilingReadiness } = await loadIrsForms();
    const field = (path: AskedField['path']): AskedField => ({
      path,
      field: path.join('.'),
      name: path.join('__'),
      title: 'Name',
      description: 'Name',
      primitive: { type: 'string' },
      required: true,
    });
    const asked = [field([name, 'partners', 0, 'name']), field(['partVII', name, 0, 'name'])];
    const fields = withNewItemFields('5472', asked, filing.form_data, (formData) =>
      checkFilingReadiness('5472', formData),
    );
    expect(polluted()).toEqual([]);
    expect(fields.slice(0, 2)).toEqual(asked);
    expect(await row(filing.id)).toEqual(before);
  });
});

import type { FilingTableName } from '../../src/kinds/filing-kinds.js';
import { testDatabases } from '@filing-mcp/test-db';
import { describe, expect, it } from 'vitest';
import {
  callTool,
  newUser,
  ok,
  replyBody,
  rpc,
  useHarness,
  storedFormData as storedOf,
} from '../support/helpers.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(testDatabases())('precise inputs, unknown keys and lists on $name', (variant) => {
  const harness = useHarness(variant);

  const storedFormData = (table: FilingTableName, id: string) => storedOf(harness().db, table, id);

  describe('unknown keys are kept and listed with the closest known name', () => {
    it('create_filing, update_filing and check_filing list them, top level and nested', async () => {
      const { key } = await newUser(harness().db);
      const created = await ok(harness().server, key, 'create_filing', {
        form_data: {
          llcname: 'Typo LLC',
          EIN: '12-3456789',
          relatedParties: [
            { nmae: 'Owner SL', name: 'Owner SL', transactions: [{ kind: 'other', amount: 5, amout: 5 }] },
          ],
        },
      });
      expect(created.unrecognized_fields).toEqual([
        'EIN: did you mean ein?',
        'llcname: did you mean llcName?',
        'relatedParties[0].nmae: did you mean name?',
        'relatedParties[0].transactions[0].amout: did you mean amount?',
      ]);
      const stored = await storedFormData('filings', created.id);
      expect(stored.llcname).toBe('Typo LLC');
      expect(stored.EIN).toBe('12-3456789');
      expect(stored.relatedParties[0].transactions[0].amout).toBe(5);

      const updated = await ok(harness().server, key, 'update_filing', {
        id: created.id,
        form_data: { ownername: 'Ana', taxYearBegining: '2024-01-01' },
      });
      expect(updated.unrecognized_fields).toEqual([
        'ownername: did you mean ownerName?',
        'taxYearBegining: did you mean taxYearBegin?',
      ]);

      const checked = await ok(harness().server, key, 'check_filing', { id: created.id });
      expect(checked.unrecognized_fields).toEqual([
        'EIN: did you mean ein?',
        'llcname: did you mean llcName?',
        'ownername: did you mean ownerName?',
        'relatedParties[0].nmae: did you mean name?',
        'relatedParties[0].transactions[0].amout: did you mean amount?',
        'taxYearBegining: did you mean taxYearBegin?',
      ]);
    });

    it('a write with only known keys answers no unrecognized_fields', async () => {
      const { key } = await newUser(harness().db);
      const created = await ok(harness().server, key, 'create_filing', {
        form_data: { llcName: 'Clean LLC' },
      });
      expect(created).not.toHaveProperty('unrecognized_fields');
      const checked = await ok(harness().server, key, 'check_filing', { id: created.id });
      expect(checked).not.toHaveProperty('unrecognized_fields');
    });

    it('the partnership tools list unknown keys of form_data and partners', async () => {
      const { key } = await newUser(harness().db);
      const created = await ok(harness().server, key, 'create_partnership_filing', {
        form_data: { partnershipname: 'River LP', partners: [{ name: 'A GmbH', tinn: '12-3456789' }] },
      });
      expect(created.unrecognized_fields).toEqual([
        'partners[0].tinn: did you mean tin?',
        'partnershipname: did you mean partnershipName?',
      ]);
      const updated = await ok(harness().server, key, 'update_partnership_filing', {
        id: created.id,
        form_data: { stat: 'DE' },
      });
      expect(updated).toEqual({ ok: true, unrecognized_fields: ['stat: did you mean state?'] });
      const checked = await ok(harness().server, key, 'check_filing', {
        id: created.id,
        kind: 'partnership',
      });
      expect(checked.unrecognized_fields).toEqual([
        'partners[0].tinn: did you mean tin?',
        'partnershipname: did you mean partnershipName?',
        'stat: did you mean state?',
      ]);
    });

    it('an unknown key in a partnership line object is still refused, naming the fields', async () => {
      const { key } = await newUser(harness().db);
      const outcome = await callTool(harness().server, key, 'create_partnership_filing', {
        form_data: { income: { line1x: 5 } },
      });
      expect(outcome.isError).toBe(true);
      expect(outcome.text).toContain('form_data.income: unknown field "line1x": the fields are line1a');
    });
  });

  describe('null clears an optional field', () => {
    it('update_filing removes a top-level key sent as null', async () => {
      const { key } = await newUser(harness().db);
      const created = await ok(harness().server, key, 'create_filing', {
        form_data: { llcName: 'Acme LLC', ownerFTIN: 'X123', customNote: 'a' },
      });
      const updated = await ok(harness().server, key, 'update_filing', {
        id: created.id,
        form_data: { ownerFTIN: null, customNote: null, ownerName: 'Ana' },
      });
      expect(updated).not.toHaveProperty('unrecognized_fields');
      const stored = await storedFormData('filings', created.id);
      expect(stored).toEqual({ llcName: 'Acme LLC', ownerName: 'Ana' });
    });

    it('update_partnership_filing removes a top-level key sent as null', async () => {
      const { key } = await newUser(harness().db);
      const created = await ok(harness().server, key, 'create_partnership_filing', {
        form_data: { partnershipName: 'River LP', accountingMethod: 'cash', zip: '19801' },
      });
      const updated = await ok(harness().server, key, 'update_partnership_filing', {
        id: created.id,
        form_data: { zip: null },
      });
      expect(updated).toEqual({ ok: true, removed: [{ field: 'zip' }] });
      expect(await storedFormData('partnership_filings', created.id)).toEqual({
        partnershipName: 'River LP',
        accountingMethod: 'cash',
      });
    });
  });

  describe('list items get ids, and a replacing list says what it removed', () => {
    it('related parties and transactions get UUIDs, kept when sent again without them', async () => {
      const { key } = await newUser(harness().db);
      const created = await ok(harness().server, key, 'create_filing', {
        form_data: {
          relatedParties: [
            { name: 'Owner SL', transactions: [{ kind: 'capital_contribution', amount: 1000 }] },
            { name: 'Sister SL' },
          ],
        },
      });
      const first = (await storedFormData('filings', created.id)).relatedParties;
      expect(first[0].id).toMatch(UUID);
      expect(first[0].transactions[0].id).toMatch(UUID);
      expect(first[1].id).toMatch(UUID);

      const updated = await ok(harness().server, key, 'update_filing', {
        id: created.id,
        form_data: {
          relatedParties: [
            { name: 'Owner SL', transactions: [{ kind: 'capital_contribution', amount: 1000 }] },
          ],
        },
      });
      expect(updated.removed).toEqual([{ list: 'relatedParties', id: first[1].id, name: 'Sister SL' }]);
      const second = (await storedFormData('filings', created.id)).relatedParties;
      expect(second).toEqual([
        {
          id: first[0].id,
          name: 'Owner SL',
          transactions: [{ id: first[0].transactions[0].id, kind: 'capital_contribution', amount: 1000 }],
        },
      ]);
    });

    it('update_partnership_filing with one of two partners names the one it removed', async () => {
      const { key } = await newUser(harness().db);
      const created = await ok(harness().server, key, 'create_partnership_filing', {
        form_data: { partners: [{ name: 'A GmbH' }, { name: 'B SARL' }] },
      });
      const partners = (await storedFormData('partnership_filings', created.id)).partners;
      const updated = await ok(harness().server, key, 'update_partnership_filing', {
        id: created.id,
        form_data: { partners: [{ name: 'A GmbH', isForeign: true }] },
      });
      expect(updated).toEqual({
        ok: true,
        removed: [{ list: 'partners', id: partners[1].id, name: 'B SARL' }],
      });
      expect((await storedFormData('partnership_filings', created.id)).partners).toEqual([
        { id: partners[0].id, name: 'A GmbH', isForeign: true },
      ]);
    });
  });

  describe('get_form_schema', () => {
    it('takes form as well as kind and formType', async () => {
      const { key } = await newUser(harness().db);
      const schema = await ok(harness().server, key, 'get_form_schema', { form: 'partnership' });
      expect(schema.kind).toBe('partnership');
    });

    it('refuses another argument, naming the right one', async () => {
      const { key } = await newUser(harness().db);
      const outcome = await callTool(harness().server, key, 'get_form_schema', { type: 'partnership' });
      expect(outcome.isError).toBe(true);
      expect(outcome.text).toBe(
        'Invalid arguments: (arguments): Unknown argument "type": use kind ("5472" or "partnership")',
      );
    });
  });
});

describe.each(testDatabases())('formats and the money rule on $name', (variant) => {
  const harness = useHarness(variant);

  async function refused(tool: string, args: Record<string, unknown>): Promise<string> {
    const { userId, key } = await newUser(harness().db);
    const outcome = await callTool(harness().server, key, tool, args);
    expect(outcome.isError).toBe(true);
    for (const table of ['filings', 'partnership_filings'] as const) {
      const rows = await harness().db.selectFrom(table).select('id').where('user_id', '=', userId).execute();
      expect(rows).toEqual([]);
    }
    return outcome.text;
  }

  it('a date that does not exist says so; a malformed one gives the form', async () => {
    expect(await refused('create_filing', { form_data: { taxYearEnd: '2023-02-30' } })).toBe(
      'Invalid arguments: form_data.taxYearEnd: 2023-02-30 is not a real date',
    );
    expect(await refused('create_filing', { form_data: { taxYearEnd: '31/12/2023' } })).toBe(
      'Invalid arguments: form_data.taxYearEnd: must be a date in YYYY-MM-DD form, e.g. 2024-12-31',
    );
  });

  it('a malformed EIN is refused with an example, in form_data and as an argument', async () => {
    expect(await refused('create_filing', { form_data: { ein: '123456789' } })).toBe(
      'Invalid arguments: form_data.ein: must be an EIN written NN-NNNNNNN, e.g. 12-3456789',
    );
    expect(await refused('create_filing', { form_data: {}, ein: '12-345' })).toBe(
      'Invalid arguments: ein: must be an EIN written NN-NNNNNNN, e.g. 12-3456789',
    );
    expect(await refused('create_partnership_filing', { form_data: { ein: '98 7654321' } })).toBe(
      'Invalid arguments: form_data.ein: must be an EIN written NN-NNNNNNN, e.g. 12-3456789',
    );
  });

  it('an SSN, ITIN or EIN field refuses other text with the forms it takes', async () => {
    const message =
      'must be an SSN or ITIN written NNN-NN-NNNN (an ITIN starts with 9, e.g. 912-34-5678) or an EIN written NN-NNNNNNN, e.g. 12-3456789';
    expect(await refused('create_filing', { form_data: { ownerUSId: '123456789' } })).toBe(
      `Invalid arguments: form_data.ownerUSId: ${message}`,
    );
    expect(
      await refused('create_partnership_filing', {
        form_data: { partners: [{ name: 'A', tin: '9123-4-5678' }] },
      }),
    ).toBe(`Invalid arguments: form_data.partners.0.tin: ${message}`);
    const { key } = await newUser(harness().db);
    await ok(harness().server, key, 'create_filing', {
      form_data: {
        ownerUSId: '912-34-5678',
        relatedParties: [{ name: 'B', usIdentifyingNumber: '12-3456789' }],
      },
    });
  });

  it('total assets are whole dollars for both kinds: a number or a string of digits', async () => {
    const message = 'must be whole US dollars, a number or a string of digits, e.g. 20000';
    expect(await refused('create_filing', { form_data: { totalAssets: '20000 USD' } })).toBe(
      `Invalid arguments: form_data.totalAssets: ${message}`,
    );
    expect(await refused('create_partnership_filing', { form_data: { totalAssets: '20,000' } })).toBe(
      `Invalid arguments: form_data.totalAssets: ${message}`,
    );
    expect(await refused('create_partnership_filing', { form_data: { totalAssets: 20000.5 } })).toBe(
      `Invalid arguments: form_data.totalAssets: ${message}`,
    );
    const { key } = await newUser(harness().db);
    await ok(harness().server, key, 'create_filing', { form_data: { totalAssets: 20000 } });
    await ok(harness().server, key, 'create_filing', { form_data: { totalAssets: '20000' } });
    await ok(harness().server, key, 'create_partnership_filing', { form_data: { totalAssets: 20000 } });
    await ok(harness().server, key, 'create_partnership_filing', { form_data: { totalAssets: '20000' } });
  });

  it('get_form_schema gives dates format "date" and the EIN its form in words', async () => {
    const { key } = await newUser(harness().db);
    const { schema } = await ok(harness().server, key, 'get_form_schema', { kind: '5472' });
    expect(schema.properties.taxYearEnd).toMatchObject({ type: 'string', format: 'date' });
    expect(schema.properties.ein).toMatchObject({
      type: 'string',
      description: expect.stringContaining('NN-NNNNNNN'),
    });
    const { result } = await replyBody(await rpc(harness().server, 'tools/list', {}));
    const create = result.tools.find((tool: any) => tool.name === 'create_filing');
    expect(create.inputSchema.properties.ein.description).toContain('NN-NNNNNNN');
  });
  describe('fixed sets are shown as enums; words stored before 1.1.0 are stored and reported', () => {
    it('get_form_schema gives item H and line 8e their values only', async () => {
      const { key } = await newUser(harness().db);
      const partnership = (await ok(harness().server, key, 'get_form_schema', { kind: 'partnership' })).schema
        .properties;
      expect(partnership.accountingMethod).toMatchObject({
        type: 'string',
        enum: ['cash', 'accrual', 'other'],
      });
      expect(partnership.accountingMethodOther).toMatchObject({ type: 'string' });
      const single = (await ok(harness().server, key, 'get_form_schema', { kind: '5472' })).schema.properties;
      const party = single.relatedParties.items;
      const boxes = [
        'related_to_reporting_corporation',
        'related_to_foreign_shareholder',
        'foreign_shareholder',
      ];
      // Line 8e: the list of boxes that apply (one box alone is accepted too).
      expect(party.properties.relationship).toMatchObject({
        type: 'array',
        minItems: 1,
        items: { type: 'string', enum: boxes },
      });
    });

    it('"other" needs its words; a method in words is stored, and check_filing asks to restate it', async () => {
      const { key } = await newUser(harness().db);
      const created = await ok(harness().server, key, 'create_partnership_filing', {
        form_data: { partnershipName: 'River LP', accountingMethod: 'other' },
      });
      const other = await ok(harness().server, key, 'check_filing', { id: created.id, kind: 'partnership' });
      expect(other.missing).toContainEqual(
        expect.objectContaining({ form: '1065', line: 'H(3)', field: 'accountingMethodOther' }),
      );
      await ok(harness().server, key, 'update_partnership_filing', {
        id: created.id,
        form_data: { accountingMethod: 'Hybrid' },
      });
      const row = await harness()
        .db.selectFrom('partnership_filings')
        .select('form_data')
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow();
      expect((row.form_data as Record<string, unknown>).accountingMethod).toBe('Hybrid');
      const words = await ok(harness().server, key, 'check_filing', { id: created.id, kind: 'partnership' });
      expect(words.invalid).toContainEqual({
        field: 'accountingMethod',
        message:
          'must be "cash", "accrual" or "other" (then accountingMethodOther names the method in words); got "Hybrid"',
      });
    });
  });
});
